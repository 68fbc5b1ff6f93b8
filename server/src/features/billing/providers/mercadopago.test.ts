import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { FakeMercadoPago, mercadoPagoNotification } from '../../../test/fake-mercadopago';
import { useTestApp } from '../../../test/harness';
import { mercadoPagoFromSettings } from './from-settings';
import type { ChargeRequest, WebhookRequest } from './provider';

const t = useTestApp();
const TOKEN = 'APP_USR-1234567890-test';
const SECRET = 'mp-webhook-secret';
let fake: FakeMercadoPago;

beforeAll(async () => {
  fake = await new FakeMercadoPago(TOKEN).start();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  await (await t.as(await t.factory.superUser())).put('/settings/mpAccessToken', { value: TOKEN });
});

const provider = (webhookSecret: string | null = SECRET) =>
  mercadoPagoFromSettings(
    t.database.db,
    { ...t.config, publicUrl: 'https://chat.example.com', mercadoPago: { apiUrl: fake.url, webhookSecret } },
    '/payments/webhook/mercadopago',
  );

const charge: ChargeRequest = {
  invoiceId: 42,
  companyId: 7,
  value: 93.5,
  dueDate: '2026-12-10',
  description: 'Fatura #42 - Plano Pro',
  payer: { name: 'Maria Souza', email: 'maria@example.com', document: '123.456.789-09' },
  attemptKey: 'attempt-mp-1',
};

const asWebhook = (n: ReturnType<typeof mercadoPagoNotification>): WebhookRequest => n;

test('a charge is a Checkout Pro preference made with the access token; its init_point is the payment link', async () => {
  const made = await provider().createCharge(charge);
  const pref = fake.preferences.at(-1);
  expect(pref?.token).toBe(TOKEN);
  expect(pref?.body).toMatchObject({
    items: [{ title: 'Fatura #42 - Plano Pro', quantity: 1, currency_id: 'BRL', unit_price: 93.5 }],
    payer: { name: 'Maria Souza', email: 'maria@example.com', identification: { type: 'CPF', number: '12345678909' } },
    external_reference: made.providerPaymentId,
    notification_url: 'https://chat.example.com/payments/webhook/mercadopago',
    metadata: { invoice_id: 42, company_id: 7 },
  });
  expect(made.providerPaymentId).toMatch(/^chatflow-invoice-42-[0-9a-f]{16}$/);
  expect(made.paymentUrl).toBe(`https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${pref?.id}`);
  // A second charge of the same invoice is another reference: each is matched on its own.
  expect((await provider().createCharge(charge)).providerPaymentId).not.toBe(made.providerPaymentId);
});

test('a signed notification of an approved payment is verified by reading the payment back', async () => {
  const { providerPaymentId } = await provider().createCharge(charge);
  const paymentId = fake.pay(providerPaymentId);
  expect(await provider().verifyWebhook(asWebhook(mercadoPagoNotification(paymentId, SECRET)))).toEqual([
    { providerPaymentId, status: 'paid', amount: 93.5 },
  ]);
  expect(fake.calls.at(-1)).toEqual({ method: 'GET', path: `/v1/payments/${paymentId}` });

  const pending = fake.pay(providerPaymentId, 'in_process');
  expect(await provider().verifyWebhook(asWebhook(mercadoPagoNotification(pending, SECRET)))).toEqual([
    { providerPaymentId, status: 'pending', amount: 93.5 },
  ]);
  const rejected = fake.pay(providerPaymentId, 'rejected');
  expect(await provider().verifyWebhook(asWebhook(mercadoPagoNotification(rejected, SECRET)))).toEqual([
    { providerPaymentId, status: 'failed', amount: 93.5 },
  ]);
});

test('forged notifications are refused: bad or missing signature (the API is not even asked), unknown payment', async () => {
  const { providerPaymentId } = await provider().createCharge(charge);
  const paymentId = fake.pay(providerPaymentId);
  const callsBefore = fake.calls.length;

  const wrongSecret = mercadoPagoNotification(paymentId, 'not-the-secret');
  expect(await provider().verifyWebhook(asWebhook(wrongSecret))).toBeNull();
  const unsigned = mercadoPagoNotification(paymentId);
  expect(await provider().verifyWebhook(asWebhook(unsigned))).toBeNull();
  // A valid signature moved to another payment id does not verify.
  const signed = mercadoPagoNotification(paymentId, SECRET);
  const moved = { ...signed, query: { ...signed.query, 'data.id': String(paymentId + 1) } };
  expect(await provider().verifyWebhook(asWebhook(moved))).toBeNull();
  expect(fake.calls.length).toBe(callsBefore);

  expect(await provider().verifyWebhook(asWebhook(mercadoPagoNotification(999, SECRET)))).toBeNull();
  const junk = { ...signed, query: { 'data.id': '../../v1/users/me', type: 'payment' } };
  expect(await provider().verifyWebhook(asWebhook(junk))).toBeNull();
});

test('without a webhook secret the API read-back alone decides', async () => {
  const { providerPaymentId } = await provider(null).createCharge(charge);
  const paymentId = fake.pay(providerPaymentId);
  expect(await provider(null).verifyWebhook(asWebhook(mercadoPagoNotification(paymentId)))).toEqual([
    { providerPaymentId, status: 'paid', amount: 93.5 },
  ]);
  expect(await provider(null).verifyWebhook(asWebhook(mercadoPagoNotification(31337)))).toBeNull();
});

test('other notification kinds and payments not made by this platform change nothing', async () => {
  const merchantOrder = { ...mercadoPagoNotification(5, SECRET), query: { 'data.id': '5', type: 'merchant_order' } };
  expect(await provider().verifyWebhook(asWebhook(merchantOrder))).toEqual([]);
  fake.payments.set(77, { id: 77, status: 'approved', external_reference: 'someone-else', transaction_amount: 10 });
  expect(await provider().verifyWebhook(asWebhook(mercadoPagoNotification(77, SECRET)))).toEqual([]);
});

test('not configured without an access token; a refused token fails the charge without echoing it', async () => {
  const api = await t.as(await t.factory.superUser());
  await api.put('/settings/mpAccessToken', { value: '' });
  expect(await provider().isConfigured()).toBe(false);
  await api.put('/settings/mpAccessToken', { value: 'APP_USR-wrong' });
  expect(await provider().isConfigured()).toBe(true);
  const failure = await provider()
    .createCharge(charge)
    .catch((e: Error) => e);
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toContain('401');
  expect((failure as Error).message).not.toContain('APP_USR');
});
