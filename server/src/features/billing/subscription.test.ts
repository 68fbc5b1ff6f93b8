import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { companies, invoiceCharges, invoices } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { configureProviders, invoiceFor, useFakePayments } from './testing';

const billing = { ...loadConfig({}).billing };
const t = useTestApp({ billing });
const payments = useFakePayments(billing);

const checkout = (invoiceId: number, over: Record<string, unknown> = {}) => ({
  firstName: 'Maria da Silva',
  document: '123.456.789-09',
  email: 'maria@example.com',
  plan: 'custom',
  users: 5,
  connections: 4,
  price: 1,
  invoiceId,
  ...over,
});

describe('POST /subscription', () => {
  test('prices a custom plan on the server, asks every configured provider and stores their payment ids', async () => {
    await configureProviders(t.database.db, payments.fake);
    const company = await t.factory.company({ recurrence: 'MENSAL' });
    const admin = await t.factory.admin({ company });
    const invoice = await invoiceFor(t.database.db, company.id);
    const res = await (await t.as(admin)).post('/subscription', checkout(invoice.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 49 + 2 users × 11 + 1 connection × 20 = 91, whatever price the screen sent.
    expect(body).toMatchObject({ invoiceId: invoice.id, valorext: 91, qrcode: null, mercadopagoURL: null });
    expect(body.stripeURL).toMatch(/\/stripe\/pay\/cs_test_/);
    expect(body.asaasURL).toMatch(/\/asaas\/i\/pay_/);

    const [priced] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(priced).toMatchObject({ detail: 'Plano personalizado', users: 5, connections: 4, value: '91.00', status: 'open' });
    const charges = await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id));
    expect(charges.map((c) => c.provider).sort()).toEqual(['asaas', 'stripe']);

    const session = payments.fake.stripe.sessions.at(-1);
    expect(session).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '9100',
      'line_items[0][price_data][currency]': 'brl',
    });
    const payment = payments.fake.asaas.payments.at(-1);
    expect(payment).toMatchObject({ billingType: 'UNDEFINED', value: 91, externalReference: `invoice-${invoice.id}` });
    expect(payments.fake.asaas.customers.at(-1)).toMatchObject({ name: 'Maria da Silva', cpfCnpj: '12345678909' });
  });

  test('a fixed plan is priced from the plan times the recurrence months', async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const plan = await t.factory.plan({ amount: '120.00', users: 8, connections: 2, queues: 4 });
    const company = await t.factory.company({ recurrence: 'TRIMESTRAL' });
    const invoice = await invoiceFor(t.database.db, company.id);
    const res = await (await t.as(await t.factory.admin({ company }))).post('/subscription', checkout(invoice.id, { plan: plan.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valorext: 360, asaasURL: null });
    const [priced] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(priced).toMatchObject({ detail: plan.name, users: 8, connections: 2, queues: 4, value: '360.00' });
  });

  test("a private plan is refused unless it is the company's own; a public plan is sold to anyone", async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const secret = await t.factory.plan({ amount: '1.00', users: 100, connections: 50, isPublic: false });
    const company = await t.factory.company();
    const r = await t.as(await t.factory.admin({ company }));
    const invoice = await invoiceFor(t.database.db, company.id);
    const refused = await r.post('/subscription', checkout(invoice.id, { plan: secret.id }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'ERR_PLAN_NOT_AVAILABLE' });
    const [untouched] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(untouched).toMatchObject({ value: '99.90', planId: null, users: 5 });
    expect(await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id))).toHaveLength(0);

    // The super user assigned this private plan to another company: that company renews it.
    const assigned = await t.factory.company({ planId: secret.id });
    const own = await invoiceFor(t.database.db, assigned.id);
    const renewal = await (await t.as(await t.factory.admin({ company: assigned }))).post(
      '/subscription',
      checkout(own.id, { plan: secret.id }),
    );
    expect(renewal.statusCode).toBe(200);
    expect(renewal.json().valorext).toBe(1);

    const open = await t.factory.plan({ amount: '30.00', users: 4, connections: 2, isPublic: true });
    const bought = await r.post('/subscription', checkout(invoice.id, { plan: open.id }));
    expect(bought.statusCode).toBe(200);
    const [charge] = await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id));
    expect(charge).toMatchObject({ planId: open.id, users: 4, connections: 2, value: '30.00', status: 'open' });
  });

  test('without an invoice id the oldest open one is paid, else one for the current due date', async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const company = await t.factory.company({ dueDate: '2099-03-01' });
    const r = await t.as(await t.factory.admin({ company }));
    const first = await r.post('/subscription', checkout(0, { invoiceId: undefined }));
    expect(first.statusCode).toBe(200);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.companyId, company.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.json().invoiceId, dueDate: '2099-03-01' });
    const again = await r.post('/subscription', checkout(0, { invoiceId: undefined }));
    expect(again.json().invoiceId).toBe(rows[0].id);
  });

  test("the checkout's messages: full name and CPF/CNPJ required, in the caller's language", async () => {
    const company = await t.factory.company();
    const r = await t.as(await t.factory.admin({ company }));
    const invoice = await invoiceFor(t.database.db, company.id);
    const res = await r.post('/subscription', checkout(invoice.id, { firstName: ' ', document: '' }));
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { field: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'firstName', message: 'O nome completo é obrigatório' }),
        expect.objectContaining({ field: 'document', message: 'O CPF/CNPJ é obrigatório' }),
      ]),
    );
    const short = await r.post('/subscription', checkout(invoice.id, { document: '123', users: 2 }));
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'document', message: 'CPF/CNPJ inválido: informe 11 ou 14 dígitos' }),
        expect.objectContaining({ field: 'users', message: 'O mínimo é 3' }),
      ]),
    );
  });

  test('no configured provider is ERR_NO_PAYMENT_PROVIDER; every provider failing is ERR_PAYMENT_PROVIDER', async () => {
    const company = await t.factory.company();
    const r = await t.as(await t.factory.admin({ company }));
    const invoice = await invoiceFor(t.database.db, company.id);
    await configureProviders(t.database.db, payments.fake, []);
    const none = await r.post('/subscription', checkout(invoice.id));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('ERR_NO_PAYMENT_PROVIDER');
    const [untouched] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(untouched.value).toBe('99.90');

    await configureProviders(t.database.db, payments.fake, ['stripe']);
    payments.fake.failNext('stripe', 500);
    const failed = await r.post('/subscription', checkout(invoice.id));
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe('ERR_PAYMENT_PROVIDER');
    expect(await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id))).toHaveLength(0);
  });

  test('a paid invoice cannot be paid again', async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const company = await t.factory.company();
    const invoice = await invoiceFor(t.database.db, company.id, { status: 'paid', paidAt: new Date() });
    const res = await (await t.as(await t.factory.admin({ company }))).post('/subscription', checkout(invoice.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_INVOICE_ALREADY_PAID');
  });

  test('an expired company can still pay (no ERR_SUBSCRIPTION_EXPIRED on billing)', async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const company = await t.factory.company({ dueDate: addDays(todayIn(DEFAULT_TIME_ZONE), -3) });
    const r = await t.as(await t.factory.admin({ company }));
    const invoice = await invoiceFor(t.database.db, company.id, { dueDate: company.dueDate ?? undefined });
    expect((await r.get('/invoices/all')).statusCode).toBe(200);
    expect((await r.post('/subscription', checkout(invoice.id))).statusCode).toBe(200);
  });

  test("another company's invoice is 404 and is left as it was; a profile user gets 403; anonymous 401", async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const owner = await t.factory.company();
    const invoice = await invoiceFor(t.database.db, owner.id);
    const stranger = await t.factory.admin();
    const res = await (await t.as(stranger)).post('/subscription', checkout(invoice.id));
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row.value).toBe('99.90');
    const user = await t.factory.user({ company: owner });
    expect((await (await t.as(user)).post('/subscription', checkout(invoice.id))).statusCode).toBe(403);
    expect((await t.anon.post('/subscription', checkout(invoice.id))).statusCode).toBe(401);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, owner.id));
    expect(company.dueDate).toBe(owner.dueDate);
  });
});
