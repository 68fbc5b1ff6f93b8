import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Local fakes of the payment providers' APIs, following their documentation, for server tests and the
 * e2e run (node built-ins only, so both can import it). Each records the requests it accepted and refuses
 * what the real API refuses: a wrong key (401), a missing required field (400).
 *
 * - Asaas v3 (docs.asaas.com): POST /customers {name, cpfCnpj} and POST /payments {customer, billingType,
 *   value, dueDate} with the `access_token` header; a payment answers its id and `invoiceUrl`.
 *   Webhooks carry the `asaas-access-token` header and {event, payment: {id, status}}.
 * - Stripe (stripe.com/docs/api/checkout/sessions/create): POST /v1/checkout/sessions, form-encoded,
 *   `Authorization: Bearer sk_…`; answers {id: 'cs_…', url}; the same Idempotency-Key answers the same
 *   session. Webhooks carry `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`.
 */
export interface FakePayments {
  url: string;
  asaas: { token: string; customers: Record<string, unknown>[]; payments: Record<string, unknown>[] };
  stripe: { key: string; sessions: Record<string, string>[] };
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
  };
  const stripe = { key: options.stripeKey ?? 'sk_test_fake', sessions: [] as Record<string, string>[] };
  const failures: Partial<Record<'asaas' | 'stripe', number>> = {};
  const byIdempotencyKey = new Map<string, Record<string, string>>();
  let url = '';

  const asaasRoute = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers.access_token !== asaas.token)
      return send(res, 401, { errors: [{ code: 'invalid_access_token', description: 'token inválido' }] });
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
      payment_status: 'unpaid',
      amount_total: String(amount),
      ...params,
    };
    stripe.sessions.push(session);
    if (key) byIdempotencyKey.set(key, session);
    send(res, 200, session);
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const route = async () => {
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
      if (provider === 'asaas' && req.method === 'POST') return asaasRoute(req, res, path.replace(/^\/v3/, ''));
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

/** A Stripe event as Stripe posts it: the JSON text and its Stripe-Signature header. */
export function stripeWebhook(
  secret: string,
  sessionId: string,
  options: { type?: string; paymentStatus?: string; timestamp?: number } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: id('evt_'),
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: options.paymentStatus ?? 'paid' } },
  });
  const t = options.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` } };
}

/** An Asaas payment event as Asaas posts it, with the webhook's access token header. */
export function asaasWebhook(
  token: string,
  paymentId: string,
  event = 'PAYMENT_RECEIVED',
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: id('evt_'),
    event,
    payment: { object: 'payment', id: paymentId, status: event === 'PAYMENT_RECEIVED' ? 'RECEIVED' : 'PENDING' },
  });
  return { body, headers: { 'content-type': 'application/json', 'asaas-access-token': token } };
}
