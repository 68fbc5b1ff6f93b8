import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MercadoPagoPayment {
  id: number;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
}

/**
 * A local stand-in for api.mercadopago.com, following its documented API for what the provider uses:
 * `POST /checkout/preferences` (answers id and init_point), `PUT /checkout/preferences/{id}` (an update,
 * here `expires` and `expiration_date_to`) and `GET /v1/payments/{id}` (404 with Mercado Pago's error body
 * for an unknown id). Every call must carry `Authorization: Bearer {token}` (401 otherwise). `pay()` plays
 * the payer paying a preference (refused once it has expired, as the checkout page refuses it);
 * `refund()` the seller refunding a payment (or the bank charging it back).
 */
export class FakeMercadoPago {
  readonly preferences: { id: string; body: Record<string, unknown>; token: string }[] = [];
  readonly payments = new Map<number, MercadoPagoPayment>();
  readonly calls: { method: string; path: string }[] = [];
  private server: Server | null = null;
  private nextPaymentId = 1_300_000_000;
  url = '';

  constructor(readonly accessToken: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The payer pays the preference whose external_reference is given: a payment appears with that status. */
  pay(externalReference: string, status = 'approved', amount?: number): number {
    const pref = this.preferences.find((p) => p.body.external_reference === externalReference);
    const expiry = pref?.body.expires ? Date.parse(String(pref.body.expiration_date_to)) : Number.POSITIVE_INFINITY;
    if (expiry <= Date.now()) throw new Error(`mercadopago: the preference of ${externalReference} has expired`);
    const items = (pref?.body.items as { unit_price: number }[] | undefined) ?? [];
    const id = this.nextPaymentId++;
    this.payments.set(id, { id, status, external_reference: externalReference, transaction_amount: amount ?? items[0]?.unit_price ?? 0 });
    return id;
  }

  /** The payment is refunded (or charged back): its status changes, as GET /v1/payments/{id} then reads. */
  refund(paymentId: number, status: 'refunded' | 'charged_back' = 'refunded') {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`mercadopago: no payment ${paymentId}`);
    payment.status = status;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push({ method: req.method ?? '', path: url.pathname });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${this.accessToken}`) {
      return send(401, { message: 'invalid_token', error: 'unauthorized', status: 401, cause: [] });
    }
    if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      const id = `123456789-${randomBytes(8).toString('hex')}`;
      this.preferences.push({ id, body, token: this.accessToken });
      return send(201, {
        id,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        external_reference: body.external_reference,
        items: body.items,
      });
    }
    const update = /^\/checkout\/preferences\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PUT' && update) {
      const pref = this.preferences.find((p) => p.id === update[1]);
      if (!pref) return send(404, { message: 'preference not found', error: 'not_found', status: 404, cause: [] });
      Object.assign(pref.body, JSON.parse(Buffer.concat(chunks).toString() || '{}'));
      return send(200, { id: pref.id, ...pref.body });
    }
    const payment = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && payment) {
      const found = this.payments.get(Number(payment[1]));
      return found ? send(200, found) : send(404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] });
    }
    send(404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
  }
}

/** A webhook notification for a payment as Mercado Pago sends it, signed with `secret` when given. */
export function mercadoPagoNotification(paymentId: number | string, secret?: string, ts = String(Date.now())) {
  const requestId = randomBytes(16).toString('hex');
  const body = { action: 'payment.updated', api_version: 'v1', type: 'payment', data: { id: String(paymentId) }, live_mode: false };
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': requestId };
  if (secret) {
    const v1 = createHmac('sha256', secret)
      .update(`id:${String(paymentId).toLowerCase()};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    headers['x-signature'] = `ts=${ts},v1=${v1}`;
  }
  const rawBody = Buffer.from(JSON.stringify(body));
  return { headers, query: { 'data.id': String(paymentId), type: 'payment' }, body, rawBody };
}
