import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Charge, ChargeHandle, ChargeRequest, PaymentNotice, PaymentProvider, WebhookRequest } from './provider';
import { headerValue, jsonAnswer, type ProviderDeps, ProviderError, secretSetting } from './deps';

/** Stripe refuses events older than this by default (docs: "Check the webhook signatures", tolerance). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** `t=…,v1=…` as Stripe sends it: the timestamp and every v1 signature. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s?.trim());
    if (key === 't') timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  return Number.isFinite(timestamp) && signatures.length > 0 ? { timestamp, signatures } : null;
}

/** The v1 signature: HMAC-SHA256 of "{t}.{raw body}" with the endpoint's signing secret, hex. */
export const stripeSignature = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

export function validStripeSignature(rawBody: Buffer, header: string | undefined, secret: string, nowSeconds: number): boolean {
  const parsed = header ? parseSignatureHeader(header) : null;
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(stripeSignature(secret, parsed.timestamp, rawBody), 'hex');
  return parsed.signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The fields read from an event's object: a checkout session, a charge or a dispute. */
interface StripeObject {
  id?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  client_reference_id?: unknown;
  payment_intent?: unknown;
  amount?: unknown;
  amount_refunded?: unknown;
}

/** A session's notice: the amount it collected (cents to BRL) and the invoice it was made for. */
function sessionNotice(session: StripeObject, status: PaymentNotice['status']): PaymentNotice {
  const invoiceId = Number(session.client_reference_id);
  return {
    providerPaymentId: session.id as string,
    status,
    ...(typeof session.amount_total === 'number' ? { amount: session.amount_total / 100 } : {}),
    ...(Number.isInteger(invoiceId) && invoiceId > 0 ? { invoiceId } : {}),
  };
}

/** Stripe's form encoding of nested parameters (line_items[0][price_data][currency]=brl). */
function formEncode(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

/**
 * Stripe (STRIPE_API_URL): a Checkout Session in payment mode (POST /v1/checkout/sessions, form-encoded,
 * Bearer = setting stripePrivateKey); the payer pays on the session's `url`. The webhook is checked
 * against Stripe-Signature with the endpoint secret (setting stripeWebhookSecret) and a 5-minute
 * tolerance; `checkout.session.completed` (or `…async_payment_succeeded`) with payment_status paid pays
 * `amount_total` (cents) for the invoice `client_reference_id`. A refund (`charge.refunded`) or dispute
 * (`charge.dispute.created`) names a payment intent: its session is found with GET /v1/checkout/sessions
 * ?payment_intent=. A superseded session is expired (POST /v1/checkout/sessions/{id}/expire).
 */
export function stripeProvider(deps: ProviderDeps, now: () => Date = () => new Date()): PaymentProvider {
  const api = async <T>(path: string, method: 'GET' | 'POST') => {
    const key = await secretSetting(deps, 'stripePrivateKey');
    if (!key) throw new ProviderError('stripe', 'not configured');
    const res = await fetch(`${deps.config.billing.stripeApiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(15_000),
    });
    return jsonAnswer<T>('stripe', res);
  };

  /** A refund's or dispute's payment intent, traced back to the checkout session that is our charge. */
  async function refundNotices(object: StripeObject): Promise<PaymentNotice[]> {
    if (typeof object.payment_intent !== 'string') return [];
    const found = await api<{ data?: { id?: string }[] }>(
      `/v1/checkout/sessions?payment_intent=${encodeURIComponent(object.payment_intent)}`,
      'GET',
    );
    const amount = typeof object.amount_refunded === 'number' ? object.amount_refunded : object.amount;
    return (found.data ?? [])
      .filter((s): s is { id: string } => typeof s.id === 'string')
      .map((s) => ({ providerPaymentId: s.id, status: 'refunded', ...(typeof amount === 'number' ? { amount: amount / 100 } : {}) }));
  }

  return {
    name: 'stripe',
    async isConfigured() {
      return (await secretSetting(deps, 'stripePrivateKey')) !== null;
    },
    async createCharge(request: ChargeRequest): Promise<Charge> {
      const key = await secretSetting(deps, 'stripePrivateKey');
      if (!key) throw new ProviderError('stripe', 'not configured');
      const back = `${deps.config.publicUrl.replace(/\/+$/, '')}/financeiro`;
      const res = await fetch(`${deps.config.billing.stripeApiUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/x-www-form-urlencoded',
          // One session per checkout attempt: a retried request gets the same session back, and a later
          // checkout at the same amount a new one (an earlier session may have been expired since).
          'idempotency-key': request.attemptKey,
        },
        body: formEncode({
          mode: 'payment',
          success_url: back,
          cancel_url: back,
          client_reference_id: String(request.invoiceId),
          customer_email: request.payer.email,
          'line_items[0][quantity]': 1,
          'line_items[0][price_data][currency]': 'brl',
          'line_items[0][price_data][unit_amount]': Math.round(request.value * 100),
          'line_items[0][price_data][product_data][name]': request.description,
          'metadata[invoiceId]': request.invoiceId,
          'metadata[companyId]': request.companyId,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const session = await jsonAnswer<{ id?: string; url?: string }>('stripe', res);
      if (!session.id || !session.url) throw new ProviderError('stripe', 'session without id or url');
      return { providerPaymentId: session.id, paymentUrl: session.url };
    },
    async cancelCharge(charge: ChargeHandle) {
      // Stripe refuses to expire a session that is complete (paid): that error reaches the caller's log.
      await api(`/v1/checkout/sessions/${encodeURIComponent(charge.providerPaymentId)}/expire`, 'POST');
    },
    async verifyWebhook(request: WebhookRequest): Promise<PaymentNotice[] | null> {
      const secret = await secretSetting(deps, 'stripeWebhookSecret');
      const header = headerValue(request.headers, 'stripe-signature');
      if (!secret || !validStripeSignature(request.rawBody, header, secret, Math.floor(now().getTime() / 1000))) return null;
      const event = request.body as { type?: unknown; data?: { object?: StripeObject } } | null;
      const object = event?.data?.object;
      if (typeof object?.id !== 'string') return [];
      switch (event?.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return [sessionNotice(object, object.payment_status === 'paid' ? 'paid' : 'pending')];
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return [sessionNotice(object, 'failed')];
        case 'charge.refunded':
        case 'charge.dispute.created':
          return refundNotices(object);
        default:
          return [];
      }
    },
  };
}
