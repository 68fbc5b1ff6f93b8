import { timingSafeEqual } from 'node:crypto';
import type { Charge, ChargeHandle, ChargeRequest, PaymentNotice, PaymentProvider, WebhookRequest } from './provider';
import { headerValue, jsonAnswer, type ProviderDeps, ProviderError, secretSetting } from './deps';

/** Asaas events that mean the money is in (docs: "Eventos para cobranças"). */
const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED', 'PAYMENT_RECEIVED_IN_CASH']);
const FAILED_EVENTS = new Set(['PAYMENT_OVERDUE', 'PAYMENT_DELETED']);
/** The money went back to the payer, or is being taken back (docs: estornos and chargebacks). */
const REFUNDED_EVENTS = new Set(['PAYMENT_REFUNDED', 'PAYMENT_PARTIALLY_REFUNDED', 'PAYMENT_CHARGEBACK_REQUESTED']);

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Asaas (API v3, ASAAS_API_URL): a customer (POST /customers) then a payment of billingType UNDEFINED
 * (POST /payments), so the payer picks PIX, boleto or card on Asaas's invoiceUrl. Calls carry the
 * `access_token` header (setting asaasToken). Webhooks are authenticated by the `asaas-access-token`
 * header, which Asaas sends with the token configured on the webhook (setting asaasWebhookToken); the
 * event's payment carries its `value` and `externalReference` (invoice-{id}). A superseded charge is
 * removed with DELETE /payments/{id} (Asaas refuses it once the payment is received).
 */
export function asaasProvider(deps: ProviderDeps): PaymentProvider {
  const base = () => deps.config.billing.asaasApiUrl;
  const call = async <T>(token: string, path: string, body: unknown, method = 'POST') =>
    jsonAnswer<T>(
      'asaas',
      await fetch(`${base()}${path}`, {
        method,
        headers: { access_token: token, 'content-type': 'application/json', 'user-agent': 'chat-flow' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      }),
    );

  return {
    name: 'asaas',
    async isConfigured() {
      return (await secretSetting(deps, 'asaasToken')) !== null;
    },
    async createCharge(request: ChargeRequest): Promise<Charge> {
      const token = await secretSetting(deps, 'asaasToken');
      if (!token) throw new ProviderError('asaas', 'not configured');
      const customer = await call<{ id?: string }>(token, '/customers', {
        name: request.payer.name,
        cpfCnpj: request.payer.document.replace(/\D/g, ''),
        email: request.payer.email,
        externalReference: `company-${request.companyId}`,
      });
      if (!customer.id) throw new ProviderError('asaas', 'customer without id');
      const payment = await call<{ id?: string; invoiceUrl?: string }>(token, '/payments', {
        customer: customer.id,
        billingType: 'UNDEFINED',
        value: request.value,
        dueDate: request.dueDate,
        description: request.description,
        externalReference: `invoice-${request.invoiceId}`,
      });
      if (!payment.id || !payment.invoiceUrl) throw new ProviderError('asaas', 'payment without id or invoiceUrl');
      return { providerPaymentId: payment.id, paymentUrl: payment.invoiceUrl };
    },
    async cancelCharge(charge: ChargeHandle) {
      const token = await secretSetting(deps, 'asaasToken');
      if (!token) throw new ProviderError('asaas', 'not configured');
      await call(token, `/payments/${encodeURIComponent(charge.providerPaymentId)}`, undefined, 'DELETE');
    },
    async verifyWebhook(request: WebhookRequest): Promise<PaymentNotice[] | null> {
      const expected = await secretSetting(deps, 'asaasWebhookToken');
      const given = headerValue(request.headers, 'asaas-access-token');
      if (!expected || !given || !sameSecret(given, expected)) return null;
      const body = request.body as { event?: unknown; payment?: { id?: unknown; value?: unknown; externalReference?: unknown } } | null;
      const payment = body?.payment;
      if (typeof payment?.id !== 'string' || typeof body?.event !== 'string') return [];
      const event = body.event;
      const status = PAID_EVENTS.has(event)
        ? 'paid'
        : REFUNDED_EVENTS.has(event)
          ? 'refunded'
          : FAILED_EVENTS.has(event)
            ? 'failed'
            : 'pending';
      const invoice = /^invoice-(\d+)$/.exec(typeof payment.externalReference === 'string' ? payment.externalReference : '');
      return [
        {
          providerPaymentId: payment.id,
          status,
          ...(typeof payment.value === 'number' ? { amount: payment.value } : {}),
          ...(invoice ? { invoiceId: Number(invoice[1]) } : {}),
        },
      ];
    },
  };
}
