import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { invoices } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { createDueInvoices, endOfMonth } from './commands/create-due-invoices';
import { createInvoicesJob } from './jobs';

const t = useTestApp();

const invoicesOf = (ids: number[]) => t.database.db.select().from(invoices).where(inArray(invoices.companyId, ids));

describe('the invoice job', () => {
  test('bills each company due this month or earlier from its plan and recurrence, once', async () => {
    const plan = await t.factory.plan({ name: 'Plano Ouro', amount: '100.00', users: 7, connections: 3, queues: 4 });
    const monthly = await t.factory.company({ planId: plan.id, recurrence: 'MENSAL', dueDate: '2031-05-20' });
    const yearly = await t.factory.company({ planId: plan.id, recurrence: 'ANUAL', dueDate: '2031-05-31' });
    const overdue = await t.factory.company({ planId: plan.id, recurrence: 'SEMESTRAL', dueDate: '2031-01-02' });
    const nextMonth = await t.factory.company({ planId: plan.id, dueDate: '2031-06-01' });
    const noDueDate = await t.factory.company({ planId: plan.id, dueDate: null });
    const ids = [monthly.id, yearly.id, overdue.id, nextMonth.id, noDueDate.id];

    await createDueInvoices(t.database.db, '2031-05-03', 2);
    const rows = await invoicesOf(ids);
    const byCompany = Object.fromEntries(rows.map((r) => [r.companyId, r]));
    expect(rows).toHaveLength(3);
    expect(byCompany[monthly.id]).toMatchObject({
      detail: 'Plano Ouro',
      users: 7,
      connections: 3,
      queues: 4,
      value: '100.00',
      dueDate: '2031-05-20',
      status: 'open',
    });
    expect(byCompany[yearly.id]).toMatchObject({ value: '1200.00', dueDate: '2031-05-31' });
    expect(byCompany[overdue.id]).toMatchObject({ value: '600.00', dueDate: '2031-01-02' });

    // A second run (and a run in smaller batches) creates nothing.
    expect(await createDueInvoices(t.database.db, '2031-05-03')).toBe(0);
    expect(await createDueInvoices(t.database.db, '2031-05-28', 1)).toBe(0);
    expect(await invoicesOf(ids)).toHaveLength(3);

    // Next month the company due on June 1st is billed.
    await createDueInvoices(t.database.db, '2031-06-01');
    expect((await invoicesOf([nextMonth.id]))[0]).toMatchObject({ dueDate: '2031-06-01' });
  });

  test('the main company (id 1) is never billed', async () => {
    await createDueInvoices(t.database.db, '2999-12-01');
    expect(await t.database.db.select().from(invoices).where(eq(invoices.companyId, 1))).toHaveLength(0);
  });

  test('the job definition runs on a schedule and bills through the same command', async () => {
    expect(createInvoicesJob.cron).toBeTruthy();
    const company = await t.factory.company({ dueDate: '2000-02-10' });
    await createInvoicesJob.run({}, { db: t.database.db, log: { info() {} }, clock: t.clock } as never);
    expect(await invoicesOf([company.id])).toHaveLength(1);
  });

  test('endOfMonth', () => {
    expect(endOfMonth('2031-02-10')).toBe('2031-02-28');
    expect(endOfMonth('2032-02-01')).toBe('2032-02-29');
    expect(endOfMonth('2031-12-31')).toBe('2031-12-31');
  });
});
