import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../config';
import { asaasWebhook, type FakePayments, startFakePayments, stripeWebhook } from '../../../test/fake-payments';
import { useTestApp } from '../../../test/harness';
import { setGlobalSetting } from '../../settings';
import { asaasProvider } from './asaas';
import { paymentProviders } from './index';
import { stripeProvider, validStripeSignature } from './stripe';

const t = useTestApp();
let fake: FakePayments;
beforeAll(async () => {
  fake = await startFakePayments();
});
afterAll(async () => fake.close());

const deps = () => ({
  db: t.database.db,
  config: { ...loadConfig({}), billing: { asaasApiUrl: `${fake.url}/v3`, stripeApiUrl: fake.url } },
});
const request = {
  invoiceId: 42,
  companyId: 7,
  value: 91.5,
  dueDate: '2099-01-10',
  description: 'Fatura #42',
  payer: { name: 'Maria', email: 'm@example.com', document: '123.456.789-09' },
  attemptKey: 'attempt-1',
};
const webhookRequest = (hook: { body: string; headers: Record<string, string> }) => ({
  headers: hook.headers,
  query: {},
  rawBody: Buffer.from(hook.body),
  body: JSON.parse(hook.body),
});

describe('the provider registry', () => {
  test('lists Asaas and Stripe; a provider is offered only with its credentials', async () => {
    await setGlobalSetting(t.database.db, 'asaasToken', '');
    await setGlobalSetting(t.database.db, 'stripePrivateKey', 'sk_test_fake');
    const providers = paymentProviders(deps());
    expect(providers.map((p) => p.name)).toEqual(expect.arrayContaining(['asaas', 'stripe']));
    const configured = await Promise.all(providers.map(async (p) => [p.name, await p.isConfigured()]));
    expect(Object.fromEntries(configured)).toMatchObject({ asaas: false, stripe: true });
  });
});

describe('Asaas against its fake API', () => {
  test('creates a customer then a payment and answers the payment id and its invoiceUrl', async () => {
    await setGlobalSetting(t.database.db, 'asaasToken', fake.asaas.token);
    const charge = await asaasProvider(deps()).createCharge(request);
    expect(charge.providerPaymentId).toMatch(/^pay_/);
    expect(charge.paymentUrl).toBe(`${fake.url}/asaas/i/${charge.providerPaymentId}`);
    expect(fake.asaas.customers.at(-1)).toMatchObject({ name: 'Maria', cpfCnpj: '12345678909', email: 'm@example.com' });
    expect(fake.asaas.payments.at(-1)).toMatchObject({ billingType: 'UNDEFINED', value: 91.5, dueDate: '2099-01-10' });
  });

  test('a refused token or document is an error, not a charge', async () => {
    await setGlobalSetting(t.database.db, 'asaasToken', 'wrong');
    await expect(asaasProvider(deps()).createCharge(request)).rejects.toThrow(/asaas: HTTP 401/);
    await setGlobalSetting(t.database.db, 'asaasToken', fake.asaas.token);
    await expect(asaasProvider(deps()).createCharge({ ...request, payer: { ...request.payer, document: '1' } })).rejects.toThrow(
      /HTTP 400/,
    );
  });

  test('the webhook token is checked; events map to paid, pending and failed', async () => {
    await setGlobalSetting(t.database.db, 'asaasWebhookToken', 'tok');
    const provider = asaasProvider(deps());
    expect(await provider.verifyWebhook(webhookRequest(asaasWebhook('nope', 'pay_1')))).toBeNull();
    expect(await provider.verifyWebhook(webhookRequest(asaasWebhook('tok', 'pay_1')))).toEqual([
      { providerPaymentId: 'pay_1', status: 'paid' },
    ]);
    expect(await provider.verifyWebhook(webhookRequest(asaasWebhook('tok', 'pay_1', 'PAYMENT_CREATED')))).toEqual([
      { providerPaymentId: 'pay_1', status: 'pending' },
    ]);
    expect(await provider.verifyWebhook(webhookRequest(asaasWebhook('tok', 'pay_1', 'PAYMENT_OVERDUE')))).toEqual([
      { providerPaymentId: 'pay_1', status: 'failed' },
    ]);
  });
});

describe('Stripe against its fake API', () => {
  test('creates a Checkout Session form-encoded in BRL cents; a retry gets the same session', async () => {
    await setGlobalSetting(t.database.db, 'stripePrivateKey', fake.stripe.key);
    const provider = stripeProvider(deps());
    const charge = await provider.createCharge(request);
    expect(charge.providerPaymentId).toMatch(/^cs_test_/);
    expect(charge.paymentUrl).toBe(`${fake.url}/stripe/pay/${charge.providerPaymentId}`);
    expect(fake.stripe.sessions.at(-1)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '9150',
      'line_items[0][price_data][currency]': 'brl',
      'metadata[invoiceId]': '42',
    });
    expect((await provider.createCharge(request)).providerPaymentId).toBe(charge.providerPaymentId);
  });

  test('a wrong key is an error', async () => {
    await setGlobalSetting(t.database.db, 'stripePrivateKey', 'sk_wrong');
    await expect(stripeProvider(deps()).createCharge(request)).rejects.toThrow(/stripe: HTTP 401/);
  });

  test('Stripe-Signature: t and v1 over "t.payload", five minutes of tolerance, any of several v1', () => {
    const hook = stripeWebhook('whsec_x', 'cs_1', { timestamp: 1_000_000 });
    const raw = Buffer.from(hook.body);
    const header = hook.headers['stripe-signature'];
    expect(validStripeSignature(raw, header, 'whsec_x', 1_000_100)).toBe(true);
    expect(validStripeSignature(raw, header, 'whsec_x', 1_000_301)).toBe(false);
    expect(validStripeSignature(raw, header, 'whsec_y', 1_000_000)).toBe(false);
    expect(validStripeSignature(raw, `${header.replace(/v1=/, 'v1=00,v1=')}`, 'whsec_x', 1_000_000)).toBe(true);
    expect(validStripeSignature(raw, 't=1000000', 'whsec_x', 1_000_000)).toBe(false);
    expect(validStripeSignature(raw, undefined, 'whsec_x', 1_000_000)).toBe(false);
  });
});
