import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, invoiceCharges, invoices, paymentNoticeLog } from '../../db/schema';
import { asaasWebhook } from '../../test/fake-payments';
import { useTestApp } from '../../test/harness';
import { moneyConfig, type PaymentDriver, usePaymentDrivers } from './money-drivers';
import { ASAAS_WEBHOOK_TOKEN, invoiceFor } from './testing';

// Money invariants (issue 30): per provider, against its fake API, a notice changes exactly what it should.
// A paid notice buys what its own charge recorded, only when the amount covers it, once; a notice for a
// superseded charge, an underpayment and a refund change no company or invoice and are listed for the
// operator (payment_notice_log); a company's notice never touches another company.

const config = moneyConfig();
const t = useTestApp({ ...config, publicUrl: 'https://chatflow.example/' });
const drivers = usePaymentDrivers(t, config);
const db = () => t.database.db;

const payer = { firstName: 'Maria Pagadora', document: '11.222.333/0001-81', email: 'maria@example.com' };

/** A company on a cheap public plan (R$ 9.90, 3 users, 1 connection), due 2099-01-10, with an open invoice. */
async function company() {
  const cheap = await t.factory.plan({ name: `Básico ${Date.now()}`, amount: '9.90', users: 3, connections: 1, isPublic: true });
  const row = await t.factory.company({
    planId: cheap.id,
    recurrence: 'MENSAL',
    dueDate: '2099-01-10',
    numberAttendants: 3,
    numberConections: 1,
  });
  const invoice = await invoiceFor(db(), row.id, { dueDate: '2099-01-10', value: '9.90', planId: cheap.id });
  const api = await t.as(await t.factory.admin({ company: row }));
  return { company: row, invoice, cheap, api };
}

/** Checks the invoice out for `order` and answers the open charge it made at the driver's provider. */
async function checkout(c: Awaited<ReturnType<typeof company>>, driver: PaymentDriver, order: Record<string, unknown>) {
  const res = await c.api.post('/subscription', { ...payer, invoiceId: c.invoice.id, ...order });
  expect(res.statusCode, res.body).toBe(200);
  const [charge] = await db()
    .select()
    .from(invoiceCharges)
    .where(and(eq(invoiceCharges.invoiceId, c.invoice.id), eq(invoiceCharges.provider, driver.name), eq(invoiceCharges.status, 'open')))
    .orderBy(desc(invoiceCharges.id))
    .limit(1);
  expect(charge).toBeDefined();
  return charge;
}

/** What money can change: the company's plan, due date and limits, and the invoice's status and amount. */
async function state(companyId: number, invoiceId: number) {
  const [co] = await db().select().from(companies).where(eq(companies.id, companyId));
  const [inv] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  return {
    planId: co.planId,
    dueDate: co.dueDate,
    users: co.numberAttendants,
    connections: co.numberConections,
    invoice: inv.status,
    value: inv.value,
  };
}

const logged = (chargeId: number) => db().select().from(paymentNoticeLog).where(eq(paymentNoticeLog.chargeId, chargeId));
const chargeRow = async (id: number) => (await db().select().from(invoiceCharges).where(eq(invoiceCharges.id, id)))[0];
const renewals = (companyId: number) => t.sent.filter((e) => e.event === `company-${companyId}-payment`);
const fullPlan = () => t.factory.plan({ name: `Full ${Date.now()}`, amount: '99.90', users: 50, connections: 10, isPublic: true });

describe.each(drivers.map((d) => [d.name, d] as const))('money invariants: %s', (_name, driver) => {
  test('an old, cheaper charge paid before a re-price buys nothing; the re-priced charge buys its own order', async () => {
    await driver.configure();
    const c = await company();
    const full = await fullPlan();
    // R$ 49 for the custom plan's minimum, paid at the provider; its notice is late.
    const old = await checkout(c, driver, { plan: 'custom', users: 3, connections: 3 });
    expect(old.value).toBe('49.00');
    const lateNotice = driver.payerPays(old);
    const cheaper = await checkout(c, driver, { plan: c.cheap.id });
    const dear = await checkout(c, driver, { plan: full.id });
    expect(dear.value).toBe('99.90');
    // Re-pricing cancelled the unpaid earlier charge at the provider.
    expect(driver.isCancelled(cheaper)).toBe(true);
    expect((await chargeRow(cheaper.id)).status).toBe('superseded');

    const before = await state(c.company.id, c.invoice.id);
    expect(before).toMatchObject({ planId: c.cheap.id, users: 3, connections: 1, dueDate: '2099-01-10', invoice: 'open' });
    expect((await lateNotice()).statusCode).toBe(200);
    expect(await state(c.company.id, c.invoice.id)).toEqual(before);
    expect(renewals(c.company.id)).toHaveLength(0);
    expect((await logged(old.id)).map((l) => [l.outcome, l.reportedAmount, l.chargeAmount])).toEqual([['superseded', '49.00', '49.00']]);

    expect((await driver.payerPays(dear)()).statusCode).toBe(200);
    expect(await state(c.company.id, c.invoice.id)).toEqual({
      planId: full.id,
      users: 50,
      connections: 10,
      dueDate: '2099-02-10',
      invoice: 'paid',
      value: '99.90',
    });
  });

  test('a notice whose amount is lower than its charge changes nothing and is listed', async () => {
    await driver.configure();
    const c = await company();
    const charge = await checkout(c, driver, { plan: (await fullPlan()).id });
    const before = await state(c.company.id, c.invoice.id);
    expect((await driver.payerPays(charge, 9.9)()).statusCode).toBe(200);
    expect(await state(c.company.id, c.invoice.id)).toEqual(before);
    expect(before).toMatchObject({ planId: c.cheap.id, users: 3, invoice: 'open', dueDate: '2099-01-10' });
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'open', paidAt: null });
    expect((await logged(charge.id)).map((l) => [l.outcome, l.reportedAmount, l.chargeAmount])).toEqual([['underpaid', '9.90', '99.90']]);
  });

  test('the same notice twice renews once', async () => {
    await driver.configure();
    const c = await company();
    const full = await fullPlan();
    const charge = await checkout(c, driver, { plan: full.id });
    const notice = driver.payerPays(charge);
    expect((await notice()).statusCode).toBe(200);
    const paid = await state(c.company.id, c.invoice.id);
    expect(paid).toEqual({ planId: full.id, users: 50, connections: 10, dueDate: '2099-02-10', invoice: 'paid', value: '99.90' });
    expect((await notice()).statusCode).toBe(200);
    expect(await state(c.company.id, c.invoice.id)).toEqual(paid);
    expect(renewals(c.company.id)).toHaveLength(1);
    expect(await logged(charge.id)).toEqual([]);
  });

  test("a notice for another company's charge pays that company only", async () => {
    await driver.configure();
    const mine = await company();
    const theirs = await company();
    const full = await fullPlan();
    await checkout(mine, driver, { plan: full.id });
    const their = await checkout(theirs, driver, { plan: 'custom', users: 6, connections: 4 });
    const mineBefore = await state(mine.company.id, mine.invoice.id);
    expect((await driver.payerPays(their)()).statusCode).toBe(200);
    expect(await state(mine.company.id, mine.invoice.id)).toEqual(mineBefore);
    expect(renewals(mine.company.id)).toHaveLength(0);
    // The custom plan keeps the company's plan and sets the counts it paid for.
    expect(await state(theirs.company.id, theirs.invoice.id)).toMatchObject({
      planId: theirs.cheap.id,
      users: 6,
      connections: 4,
      dueDate: '2099-02-10',
      invoice: 'paid',
    });
  });

  test('a refund or chargeback marks its charge and is listed; the company keeps what it paid for until the operator acts', async () => {
    await driver.configure();
    const c = await company();
    const charge = await checkout(c, driver, { plan: (await fullPlan()).id });
    expect((await driver.payerPays(charge)()).statusCode).toBe(200);
    const paid = await state(c.company.id, c.invoice.id);
    const refund = driver.refund(charge);
    expect((await refund()).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    expect(await state(c.company.id, c.invoice.id)).toEqual(paid);
    expect(renewals(c.company.id)).toHaveLength(1);
    expect((await chargeRow(charge.id)).status).toBe('refunded');
    expect((await logged(charge.id)).map((l) => l.outcome)).toEqual(['refunded']);
  });
});

describe('notices naming another invoice, and the operator list', () => {
  const asaas = drivers[0];

  test("an Asaas payment whose externalReference names another invoice than its charge's changes nothing", async () => {
    await asaas.configure();
    const c = await company();
    const charge = await checkout(c, asaas, { plan: (await fullPlan()).id });
    const before = await state(c.company.id, c.invoice.id);
    const payment = { id: charge.providerPaymentId, value: 99.9, externalReference: `invoice-${c.invoice.id + 1000}` };
    const res = await t.app.inject({
      method: 'POST',
      url: '/subscription/webhook/asaas',
      ...((h) => ({ payload: h.body, headers: h.headers }))(asaasWebhook(ASAAS_WEBHOOK_TOKEN, payment)),
    });
    expect(res.statusCode).toBe(200);
    expect(await state(c.company.id, c.invoice.id)).toEqual(before);
    expect((await logged(charge.id)).map((l) => l.outcome)).toEqual(['mismatch']);
  });

  test('GET /invoices/payment-notices lists the log to the super user only', async () => {
    await asaas.configure();
    const c = await company();
    const charge = await checkout(c, asaas, { plan: (await fullPlan()).id });
    await asaas.payerPays(charge, 1)();
    const superApi = await t.as(await t.factory.superUser());
    const res = await superApi.get('/invoices/payment-notices');
    expect(res.statusCode).toBe(200);
    expect(res.json().notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          provider: 'asaas',
          providerPaymentId: charge.providerPaymentId,
          outcome: 'underpaid',
          companyId: c.company.id,
          companyName: c.company.name,
          invoiceId: c.invoice.id,
          reportedAmount: 1,
          chargeAmount: 99.9,
        }),
      ]),
    );
    // A company's admin (this company's or another's) and a user profile are refused.
    expect((await c.api.get('/invoices/payment-notices')).statusCode).toBe(403);
    expect((await (await t.as(await t.factory.admin())).get('/invoices/payment-notices')).statusCode).toBe(403);
    expect((await (await t.as(await t.factory.user({ company: c.company }))).get('/invoices/payment-notices')).statusCode).toBe(403);
    expect((await t.anon.get('/invoices/payment-notices')).statusCode).toBe(401);
  });
});
