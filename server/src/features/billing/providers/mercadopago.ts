import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Charge, ChargeHandle, ChargeRequest, PaymentNotice, PaymentProvider, WebhookRequest } from './provider';

/**
 * Mercado Pago (issue 19): a Checkout Pro preference per charge, whose `init_point` is the payment link
 * (mercadopagoURL of POST /subscription). Mercado Pago creates the payment only when the payer pays, so
 * the charge is known by the preference's `external_reference`, chosen here and copied by Mercado Pago
 * onto the payment: that is the providerPaymentId the webhook answers with.
 *
 * A notification carries only the payment's id (`data.id`): it proves nothing, so the payment is read
 * back from the API with the access token, and its status and external_reference are what count. With a
 * webhook secret configured the x-signature header must also be valid (HMAC-SHA256 of the manifest
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, as Mercado Pago documents it). The payment's
 * `transaction_amount` is the amount the notice reports; refunded or charged_back is a refund.
 *
 * A superseded charge's preference (its id is the charge's providerRef) is expired:
 * PUT /checkout/preferences/{id} with `expires` and an `expiration_date_to` of now.
 */
export interface MercadoPagoOptions {
  /** MERCADOPAGO_API_URL (https://api.mercadopago.com). */
  apiUrl: string;
  /** MERCADOPAGO_WEBHOOK_SECRET, or null to rely on the API read-back alone. */
  webhookSecret: string | null;
  /** The super user's secret setting mpAccessToken ('' when not set). */
  accessToken(): Promise<string>;
  /** Where Mercado Pago posts its notifications (PUBLIC_URL + the webhook route), sent with each preference. */
  notificationUrl?: string;
}

/** Every external_reference this platform writes starts so; a payment without it is not ours. */
const REFERENCE_PREFIX = 'chatflow-invoice-';
const PAYMENT_ID = /^[A-Za-z0-9-]{1,64}$/;
const FAILED = new Set(['rejected', 'cancelled']);
const REFUNDED = new Set(['refunded', 'charged_back']);

export class MercadoPagoError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`Mercado Pago answered ${status} to ${what}`);
  }
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const asString = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** The payment id and kind a notification names: the v2 webhook (`data.id`, `type`) or the older IPN (`id`, `topic`). */
function notificationSubject(req: WebhookRequest): { id: string | undefined; type: string | undefined } {
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as { type?: unknown; data?: { id?: unknown } };
  const type = asString(req.query.type) ?? asString(body.type) ?? asString(req.query.topic);
  const id = asString(req.query['data.id']) ?? asString(body.data?.id) ?? asString(req.query.id);
  return { id, type };
}

/** x-signature: `ts=...,v1=...`; the manifest signs the data id (lower case), the request id and the timestamp. */
export function validMercadoPagoSignature(req: WebhookRequest, dataId: string, secret: string): boolean {
  const header = first(req.headers['x-signature']) ?? '';
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  if (!parts.ts || !parts.v1) return false;
  const requestId = first(req.headers['x-request-id']);
  const manifest = `id:${dataId.toLowerCase()};${requestId ? `request-id:${requestId};` : ''}ts:${parts.ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const call = async (path: string, init: { method: string; body?: unknown }) => {
    const token = await options.accessToken();
    if (!token) throw new MercadoPagoError(401, `${init.method} ${path} (no access token set)`);
    return fetch(`${options.apiUrl}${path}`, {
      method: init.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    });
  };

  return {
    name: 'mercadopago',

    async isConfigured() {
      return (await options.accessToken()) !== '';
    },

    async createCharge(request: ChargeRequest): Promise<Charge> {
      const reference = `${REFERENCE_PREFIX}${request.invoiceId}-${randomBytes(8).toString('hex')}`;
      const document = request.payer.document.replace(/\D/g, '');
      const res = await call('/checkout/preferences', {
        method: 'POST',
        body: {
          items: [
            { id: `invoice-${request.invoiceId}`, title: request.description, quantity: 1, currency_id: 'BRL', unit_price: request.value },
          ],
          payer: {
            name: request.payer.name,
            email: request.payer.email,
            ...(document ? { identification: { type: document.length > 11 ? 'CNPJ' : 'CPF', number: document } } : {}),
          },
          external_reference: reference,
          ...(options.notificationUrl ? { notification_url: options.notificationUrl } : {}),
          metadata: { invoice_id: request.invoiceId, company_id: request.companyId },
        },
      });
      if (!res.ok) throw new MercadoPagoError(res.status, 'POST /checkout/preferences');
      const preference = (await res.json()) as { id?: string; init_point?: string };
      if (!preference.init_point) throw new MercadoPagoError(res.status, 'POST /checkout/preferences (no init_point)');
      return { providerPaymentId: reference, paymentUrl: preference.init_point, ...(preference.id ? { providerRef: preference.id } : {}) };
    },

    async cancelCharge(charge: ChargeHandle) {
      if (!charge.providerRef) throw new MercadoPagoError(0, 'PUT /checkout/preferences/{id} (no preference id kept)');
      const path = `/checkout/preferences/${encodeURIComponent(charge.providerRef)}`;
      const res = await call(path, { method: 'PUT', body: { expires: true, expiration_date_to: new Date().toISOString() } });
      if (!res.ok) throw new MercadoPagoError(res.status, 'PUT /checkout/preferences/{id}');
    },

    async verifyWebhook(req: WebhookRequest): Promise<PaymentNotice[] | null> {
      const { id, type } = notificationSubject(req);
      if (type !== undefined && type !== 'payment') return []; // merchant orders and others: nothing to apply
      if (!id || !PAYMENT_ID.test(id)) return null;
      if (options.webhookSecret && !validMercadoPagoSignature(req, id, options.webhookSecret)) return null;

      const res = await call(`/v1/payments/${encodeURIComponent(id)}`, { method: 'GET' });
      if (res.status === 404) return null; // no such payment on this account: forged
      if (!res.ok) throw new MercadoPagoError(res.status, 'GET /v1/payments/{id}'); // the route fails; Mercado Pago retries
      const payment = (await res.json()) as { status?: string; external_reference?: string | null; transaction_amount?: unknown };
      const reference = payment.external_reference ?? '';
      if (!reference.startsWith(REFERENCE_PREFIX)) return []; // a payment of the account not made by this platform
      const state = payment.status ?? '';
      const status = state === 'approved' ? 'paid' : REFUNDED.has(state) ? 'refunded' : FAILED.has(state) ? 'failed' : 'pending';
      const amount = payment.transaction_amount;
      return [{ providerPaymentId: reference, status, ...(typeof amount === 'number' ? { amount } : {}) }];
    },
  };
}
