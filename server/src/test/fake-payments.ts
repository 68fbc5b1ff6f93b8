import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Local fakes of the payment providers' APIs, following their documentation, for server tests and the
 * e2e run (node built-ins only, so both can import it). Each records the requests it accepted and refuses
 * what the real API refuses: a wrong key (401), a missing required field (400).
 *
 * - Asaas v3 (docs.asaas.com): POST /customers {name, cpfCnpj} and POST /payments {customer, billingType,
 *   value, dueDate} with the `access_token` header; a payment answers its id and `invoiceUrl`.
 *   DELETE /payments/{id} removes a payment still awaiting payment (a received one is refused, 400).
 *   Webhooks carry the `asaas-access-token` header and {event, payment: {id, status, value, externalReference}}.
 * - Stripe (stripe.com/docs/api/checkout/sessions): POST /v1/checkout/sessions, form-encoded,
 *   `Authorization: Bearer sk_…`; answers {id: 'cs_…', url}; the same Idempotency-Key answers the same
 *   session. POST /v1/checkout/sessions/{id}/expire expires an open session (a complete one is refused,
 *   400); GET /v1/checkout/sessions?payment_intent=pi_… lists the session of a payment intent.
 *   Webhooks carry `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`.
 *
 * `asaas.pay` and `stripe.pay` play the payer paying; they refuse a removed or expired charge, as the
 * providers' payment pages do.
 */
export interface FakePayments {
  url: string;
  asaas: {
    token: string;
    customers: Record<string, unknown>[];
    payments: Record<string, unknown>[];
    /** The payer pays: the payment becomes RECEIVED; answers it (as a webhook's `payment` carries it). */
    pay(paymentId: string): Record<string, unknown>;
  };
  stripe: {
    key: string;
    sessions: Record<string, string>[];
    /** The payer pays: the session becomes complete and paid, with a payment intent; answers it. */
    pay(sessionId: string): Record<string, string>;
  };
  /** The next call of this provider answers this HTTP status (a provider outage). */
  failNext(provider: 'asaas' | 'stripe', status: number): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakePayments(options: { asaasToken?: string; stripeKey?: string } = {}): Promise<FakePayments> {
  const asaas = {
    token: options.asaasToken ?? '$aact_test_token',
    customers: [] as Record<string, unknown>[],
    payments: [] as Record<string, unknown>[],
    pay(paymentId: string) {
      const payment = asaas.payments.find((p) => p.id === paymentId);
      if (!payment || payment.deleted) throw new Error(`asaas: no payable payment ${paymentId}`);
      payment.status = 'RECEIVED';
      return payment;
    },
  };
  const stripe = {
    key: options.stripeKey ?? 'sk_test_fake',
    sessions: [] as Record<string, string>[],
    pay(sessionId: string) {
      const session = stripe.sessions.find((s) => s.id === sessionId);
      if (session?.status !== 'open') throw new Error(`stripe: no open session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi_') });
      return session;
    },
  };
  const failures: Partial<Record<'asaas' | 'stripe', number>> = {};
  const byIdempotencyKey = new Map<string, Record<string, string>>();
  let url = '';

  const asaasRoute = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers.access_token !== asaas.token)
      return send(res, 401, { errors: [{ code: 'invalid_access_token', description: 'token inválido' }] });
    const removal = /^\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && removal) {
      const payment = asaas.payments.find((p) => p.id === removal[1] && !p.deleted);
      if (!payment) return send(res, 404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada' }] });
      if (!['PENDING', 'OVERDUE'].includes(String(payment.status)))
        return send(res, 400, {
          errors: [{ code: 'invalid_action', description: 'Só é possível remover cobranças aguardando pagamento ou vencidas.' }],
        });
      payment.deleted = true;
      return send(res, 200, { deleted: true, id: payment.id });
    }
    if (req.method !== 'POST') return send(res, 404, { errors: [{ code: 'not_found' }] });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await bodyOf(req));
    } catch {
      return send(res, 400, { errors: [{ code: 'invalid_json', description: 'JSON inválido' }] });
    }
    if (path === '/customers') {
      if (!body.name || !/^\d{11}(\d{3})?$/.test(String(body.cpfCnpj ?? ''))) {
        return send(res, 400, { errors: [{ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' }] });
      }
      const customer = { object: 'customer', id: id('cus_'), ...body };
      asaas.customers.push(customer);
      return send(res, 200, customer);
    }
    if (path === '/payments') {
      const known = asaas.customers.some((c) => c.id === body.customer);
      const validType = ['UNDEFINED', 'BOLETO', 'CREDIT_CARD', 'PIX'].includes(String(body.billingType));
      if (!known || !validType || !(Number(body.value) > 0) || !/^\d{4}-\d{2}-\d{2}$/.test(String(body.dueDate))) {
        return send(res, 400, { errors: [{ code: 'invalid_payment', description: 'Cobrança inválida' }] });
      }
      const paymentId = id('pay_');
      const payment = { object: 'payment', id: paymentId, status: 'PENDING', invoiceUrl: `${url}/asaas/i/${paymentId}`, ...body };
      asaas.payments.push(payment);
      return send(res, 200, payment);
    }
    send(res, 404, { errors: [{ code: 'not_found' }] });
  };

  const stripeRoute = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== `Bearer ${stripe.key}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return send(res, 400, { error: { type: 'invalid_request_error', message: 'form encoding expected' } });
    }
    const params = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
    const key = String(req.headers['idempotency-key'] ?? '');
    const earlier = key ? byIdempotencyKey.get(key) : undefined;
    if (earlier) return send(res, 200, earlier);
    const amount = Number(params['line_items[0][price_data][unit_amount]']);
    if (
      params.mode !== 'payment' ||
      !params.success_url ||
      !params['line_items[0][price_data][currency]'] ||
      !Number.isInteger(amount) ||
      amount <= 0
    ) {
      return send(res, 400, { error: { type: 'invalid_request_error', message: 'Missing required param' } });
    }
    const sessionId = id('cs_test_');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      url: `${url}/stripe/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: String(amount),
      ...params,
    };
    stripe.sessions.push(session);
    if (key) byIdempotencyKey.set(key, session);
    send(res, 200, session);
  };

  /** Expiring a session and finding one by payment intent, as Stripe answers them. */
  const stripeSessionRoute = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    if (req.headers.authorization !== `Bearer ${stripe.key}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const session = stripe.sessions.find((s) => s.id === expire[1]);
      if (!session)
        return send(res, 404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${expire[1]}'` } });
      if (session.status !== 'open') {
        const message = 'Only Checkout Sessions with a status in ["open"] can be expired.';
        return send(res, 400, { error: { type: 'invalid_request_error', message } });
      }
      session.status = 'expired';
      return send(res, 200, session);
    }
    const intent = query.get('payment_intent');
    return send(res, 200, { object: 'list', data: stripe.sessions.filter((s) => intent && s.payment_intent === intent), has_more: false });
  };

  const server: Server = createServer((req, res) => {
    const { pathname: path, searchParams } = new URL(req.url ?? '/', 'http://fake');
    const route = async () => {
      if (path.startsWith('/v1/checkout/sessions') && path !== '/v1/checkout/sessions')
        return stripeSessionRoute(req, res, path, searchParams);
      if (path === '/v1/checkout/sessions' && req.method === 'GET') return stripeSessionRoute(req, res, path, searchParams);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Fake checkout</title><h1>Fake payment page</h1>');
      }
      const provider = path.startsWith('/v1/') ? 'stripe' : 'asaas';
      const failure = failures[provider];
      if (failure) {
        delete failures[provider];
        return send(res, failure, { errors: [{ code: 'unavailable' }] });
      }
      if (provider === 'stripe' && path === '/v1/checkout/sessions' && req.method === 'POST') return stripeRoute(req, res);
      if (provider === 'asaas') return asaasRoute(req, res, path.replace(/^\/v3/, ''));
      send(res, 404, { error: 'not found' });
    };
    route().catch((err) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    asaas,
    stripe,
    failNext(provider, status) {
      failures[provider] = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Stripe event as Stripe posts it: the JSON text and its Stripe-Signature header. Given the fake's session
 * (after `stripe.pay`), the event carries it as Stripe does: amount_total in cents, client_reference_id,
 * payment_intent; given only an id, the object is bare (no amount).
 */
export function stripeWebhook(
  secret: string,
  session: string | Record<string, string>,
  options: { type?: string; paymentStatus?: string; timestamp?: number; amountTotal?: number } = {},
): { body: string; headers: Record<string, string> } {
  const known = typeof session === 'string' ? null : session;
  const object = {
    id: known ? known.id : session,
    object: 'checkout.session',
    payment_status: options.paymentStatus ?? known?.payment_status ?? 'paid',
    ...(known
      ? {
          amount_total: Number(known.amount_total),
          client_reference_id: known.client_reference_id,
          payment_intent: known.payment_intent ?? null,
        }
      : {}),
    ...(options.amountTotal !== undefined ? { amount_total: options.amountTotal } : {}),
  };
  return signedStripeEvent(secret, options.type ?? 'checkout.session.completed', object, options.timestamp);
}

/** A refund (`charge.refunded`) or dispute (`charge.dispute.created`) of a paid session's payment intent. */
export function stripeRefundWebhook(secret: string, session: Record<string, string>, type = 'charge.refunded') {
  const amount = Number(session.amount_total);
  const object =
    type === 'charge.refunded'
      ? { id: id('ch_'), object: 'charge', payment_intent: session.payment_intent, amount, amount_refunded: amount, refunded: true }
      : { id: id('dp_'), object: 'dispute', payment_intent: session.payment_intent, amount, status: 'needs_response' };
  return signedStripeEvent(secret, type, object);
}

function signedStripeEvent(secret: string, type: string, object: Record<string, unknown>, timestamp?: number) {
  const body = JSON.stringify({ id: id('evt_'), object: 'event', type, data: { object } });
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` } };
}

/**
 * An Asaas payment event as Asaas posts it, with the webhook's access token header. Given the fake's
 * payment, the event carries it (value, externalReference); `overrides` change what the event says.
 */
export function asaasWebhook(
  token: string,
  payment: string | Record<string, unknown>,
  event = 'PAYMENT_RECEIVED',
  overrides: Record<string, unknown> = {},
): { body: string; headers: Record<string, string> } {
  const known = typeof payment === 'string' ? { id: payment } : payment;
  const body = JSON.stringify({
    id: id('evt_'),
    event,
    payment: {
      object: 'payment',
      id: known.id,
      status: event === 'PAYMENT_RECEIVED' ? 'RECEIVED' : 'PENDING',
      ...(typeof payment === 'string' ? {} : { value: known.value, externalReference: known.externalReference }),
      ...overrides,
    },
  });
  return { body, headers: { 'content-type': 'application/json', 'asaas-access-token': token } };
}
