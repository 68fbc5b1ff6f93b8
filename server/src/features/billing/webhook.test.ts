import { addMonths, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { companies, invoiceCharges, invoices, paymentNoticeLog } from '../../db/schema';
import { asaasWebhook, stripeWebhook } from '../../test/fake-payments';
import { useTestApp } from '../../test/harness';
import { setGlobalSetting } from '../settings';
import { ASAAS_WEBHOOK_TOKEN, configureProviders, invoiceFor, STRIPE_WEBHOOK_SECRET, useFakePayments } from './testing';

const billing = { ...loadConfig({}).billing };
const t = useTestApp({ billing });
const payments = useFakePayments(billing);

/** A company due 2099-01-10 with an invoice charged at both providers; answers the charges' ids. */
async function chargedInvoice(recurrence = 'MENSAL') {
  await configureProviders(t.database.db, payments.fake);
  const company = await t.factory.company({ recurrence, dueDate: '2099-01-10' });
  const invoice = await invoiceFor(t.database.db, company.id, { dueDate: '2099-01-10' });
  const res = await (await t.as(await t.factory.admin({ company }))).post('/subscription', {
    firstName: 'João Pagador',
    document: '11.222.333/0001-81',
    email: 'joao@example.com',
    plan: 'custom',
    users: 3,
    connections: 3,
    invoiceId: invoice.id,
  });
  expect(res.statusCode).toBe(200);
  const charges = await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id));
  const idOf = (p: string) => charges.find((c) => c.provider === p)?.providerPaymentId ?? '';
  return { company, invoice, stripeId: idOf('stripe'), asaasId: idOf('asaas') };
}

/** The payer pays the Stripe session at the fake; answers Stripe's signed completion event for it. */
const stripePaid = (sessionId: string) => stripeWebhook(STRIPE_WEBHOOK_SECRET, payments.fake.stripe.pay(sessionId));

const post = (provider: string, hook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: `/subscription/webhook/${provider}`, payload: hook.body, headers: hook.headers });

const stateOf = async (companyId: number, invoiceId: number) => {
  const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return { dueDate: company.dueDate, status: invoice.status, paidAt: invoice.paidAt };
};
const paymentEvents = (companyId: number) => t.sent.filter((e) => e.event === `company-${companyId}-payment`);

describe('POST /subscription/webhook/{provider}', () => {
  test('a signed Stripe completion pays the invoice, renews by the recurrence and tells the company; a replay changes nothing', async () => {
    const { company, invoice, stripeId } = await chargedInvoice('TRIMESTRAL');
    const hook = stripePaid(stripeId);
    const res = await post('stripe', hook);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const after = await stateOf(company.id, invoice.id);
    expect(after).toMatchObject({ dueDate: '2099-04-10', status: 'paid' });
    expect(paymentEvents(company.id)).toEqual([
      {
        companyId: company.id,
        room: null,
        event: `company-${company.id}-payment`,
        payload: { action: 'CONCLUIDA', company: { id: company.id, dueDate: '2099-04-10' } },
      },
    ]);

    expect((await post('stripe', hook)).statusCode).toBe(200);
    const session = payments.fake.stripe.sessions.find((s) => s.id === stripeId) ?? {};
    expect((await post('stripe', stripeWebhook(STRIPE_WEBHOOK_SECRET, session))).statusCode).toBe(200);
    expect(await stateOf(company.id, invoice.id)).toEqual(after);
    expect(paymentEvents(company.id)).toHaveLength(1);
  });

  test('forged, unsigned, stale or mis-keyed Stripe notices are 401 and change nothing', async () => {
    const { company, invoice, stripeId } = await chargedInvoice();
    const before = await stateOf(company.id, invoice.id);
    const forged = stripeWebhook('whsec_attacker', stripeId);
    const unsigned = { body: forged.body, headers: { 'content-type': 'application/json' } };
    const stale = stripeWebhook(STRIPE_WEBHOOK_SECRET, stripeId, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const signed = stripeWebhook(STRIPE_WEBHOOK_SECRET, stripeId);
    const tampered = { body: signed.body.replace('"paid"', '"paid" '), headers: signed.headers };
    for (const hook of [forged, unsigned, stale, tampered]) {
      const res = await post('stripe', hook);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    }
    expect(await stateOf(company.id, invoice.id)).toEqual(before);
    expect(paymentEvents(company.id)).toHaveLength(0);
  });

  test('an unpaid or unrelated Stripe event is acknowledged and pays nothing', async () => {
    const { company, invoice, stripeId } = await chargedInvoice();
    const before = await stateOf(company.id, invoice.id);
    expect((await post('stripe', stripeWebhook(STRIPE_WEBHOOK_SECRET, stripeId, { paymentStatus: 'unpaid' }))).statusCode).toBe(200);
    expect((await post('stripe', stripeWebhook(STRIPE_WEBHOOK_SECRET, stripeId, { type: 'customer.created' }))).statusCode).toBe(200);
    expect((await post('stripe', stripeWebhook(STRIPE_WEBHOOK_SECRET, 'cs_test_unknown'))).statusCode).toBe(200);
    expect(await stateOf(company.id, invoice.id)).toEqual(before);
  });

  test('Asaas: the access token authenticates; PAYMENT_RECEIVED pays once; a second provider paying later renews nothing', async () => {
    const { company, invoice, asaasId, stripeId } = await chargedInvoice();
    const wrong = await post('asaas', asaasWebhook('not-the-token', asaasId));
    expect(wrong.statusCode).toBe(401);
    expect((await post('asaas', asaasWebhook(ASAAS_WEBHOOK_TOKEN, asaasId, 'PAYMENT_CREATED'))).statusCode).toBe(200);
    expect((await stateOf(company.id, invoice.id)).status).toBe('open');

    const payment = payments.fake.asaas.pay(asaasId);
    expect((await post('asaas', asaasWebhook(ASAAS_WEBHOOK_TOKEN, payment))).statusCode).toBe(200);
    const paid = await stateOf(company.id, invoice.id);
    expect(paid).toMatchObject({ status: 'paid', dueDate: '2099-02-10' });
    expect((await post('asaas', asaasWebhook(ASAAS_WEBHOOK_TOKEN, payment, 'PAYMENT_CONFIRMED'))).statusCode).toBe(200);
    // The paid invoice's Stripe session was expired at Stripe; a completion that raced the expiry renews nothing.
    const session = payments.fake.stripe.sessions.find((s) => s.id === stripeId) ?? {};
    expect(session.status).toBe('expired');
    const raced = { ...session, payment_status: 'paid' };
    expect((await post('stripe', stripeWebhook(STRIPE_WEBHOOK_SECRET, raced))).statusCode).toBe(200);
    expect(await stateOf(company.id, invoice.id)).toEqual(paid);
    expect(paymentEvents(company.id)).toHaveLength(1);
    const charges = await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id));
    expect(charges.map((c) => [c.provider, c.status]).sort()).toEqual([
      ['asaas', 'paid'],
      ['stripe', 'superseded'],
    ]);
    expect(charges.every((c) => c.paidAt !== null)).toBe(true);
    const listed = await t.database.db.select().from(paymentNoticeLog).where(eq(paymentNoticeLog.invoiceId, invoice.id));
    expect(listed.map((l) => [l.provider, l.outcome])).toEqual([['stripe', 'superseded']]);
  });

  test('an overdue company is renewed from today', async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const company = await t.factory.company({ recurrence: 'MENSAL', dueDate: '2020-01-01' });
    const invoice = await invoiceFor(t.database.db, company.id, { dueDate: '2020-01-01' });
    const res = await (await t.as(await t.factory.admin({ company }))).post('/subscription', {
      firstName: 'Ana',
      document: '12345678909',
      email: 'ana@example.com',
      plan: 'custom',
      invoiceId: invoice.id,
    });
    expect(res.statusCode).toBe(200);
    const sessionId = payments.fake.stripe.sessions.at(-1)?.id ?? '';
    expect((await post('stripe', stripePaid(sessionId))).statusCode).toBe(200);
    expect((await stateOf(company.id, invoice.id)).dueDate).toBe(addMonths(todayIn(DEFAULT_TIME_ZONE), 1));
  });

  test('without a configured webhook secret every notice is refused; unknown providers are 404 or 400', async () => {
    const { company, invoice, stripeId } = await chargedInvoice();
    await setGlobalSetting(t.database.db, 'stripeWebhookSecret', '');
    expect((await post('stripe', stripeWebhook('', stripeId))).statusCode).toBe(401);
    await setGlobalSetting(t.database.db, 'stripeWebhookSecret', STRIPE_WEBHOOK_SECRET);
    expect((await post('paypal', stripeWebhook(STRIPE_WEBHOOK_SECRET, stripeId))).statusCode).toBe(400);
    expect((await stateOf(company.id, invoice.id)).status).toBe('open');
  });
});

describe('what a paid checkout buys', () => {
  /** A company on a 3-user, 1-connection plan that checks out `order` for an invoice, then pays it through Stripe. */
  async function checkoutAndPay(order: { plan: number | 'custom'; users?: number; connections?: number }) {
    await configureProviders(t.database.db, payments.fake);
    const small = await t.factory.plan({ users: 3, connections: 1 });
    const company = await t.factory.company({ planId: small.id, dueDate: '2099-01-10', numberAttendants: 3, numberConections: 1 });
    const admin = await t.factory.admin({ company });
    const invoice = await invoiceFor(t.database.db, company.id, { dueDate: '2099-01-10' });
    const api = await t.as(admin);
    const res = await api.post('/subscription', {
      firstName: 'João Pagador',
      document: '11.222.333/0001-81',
      email: 'joao@example.com',
      invoiceId: invoice.id,
      users: 3,
      connections: 3,
      ...order,
    });
    expect(res.statusCode, res.body).toBe(200);
    const charges = await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id));
    const stripeId = charges.find((c) => c.provider === 'stripe')?.providerPaymentId ?? '';
    return { company, api, small, pay: () => post('stripe', stripePaid(stripeId)) };
  }
  const companyRow = async (id: number) => (await t.database.db.select().from(companies).where(eq(companies.id, id)))[0];
  const newUser = (api: Awaited<ReturnType<typeof t.as>>, n: number) =>
    api.post('/users', { name: `Agente ${n}`, email: `agente-${n}-${Date.now()}@example.com`, password: 'Senha123', profile: 'user' });

  test('a custom plan: the company may then have the users and connections it paid for, not before', async () => {
    const { company, api, small, pay } = await checkoutAndPay({ plan: 'custom', users: 5, connections: 4 });
    // The admin is one of three users: two more fit the plan, the third is refused until the payment.
    for (const n of [1, 2]) expect((await newUser(api, n)).statusCode).toBe(200);
    expect((await newUser(api, 3)).json()).toEqual({ error: 'ERR_PLAN_USER_LIMIT' });

    expect((await pay()).statusCode).toBe(200);
    expect(await companyRow(company.id)).toMatchObject({
      planId: small.id,
      numberAttendants: 5,
      numberConections: 4,
      dueDate: '2099-02-10',
    });
    for (const n of [3, 4]) expect((await newUser(api, n)).statusCode).toBe(200);
    expect((await newUser(api, 5)).json()).toEqual({ error: 'ERR_PLAN_USER_LIMIT' });
  });

  test('a listed plan becomes the company plan, with its counts', async () => {
    const bigger = await t.factory.plan({ users: 20, connections: 6 });
    const { company, small, pay } = await checkoutAndPay({ plan: bigger.id });
    expect(await companyRow(company.id)).toMatchObject({ planId: small.id, numberAttendants: 3 });
    expect((await pay()).statusCode).toBe(200);
    expect(await companyRow(company.id)).toMatchObject({ planId: bigger.id, numberAttendants: 20, numberConections: 6 });
  });
});
