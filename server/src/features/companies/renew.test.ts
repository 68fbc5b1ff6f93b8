import { addMonths, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { renewedDueDate } from './commands/renew-company';

const t = useTestApp();

const basis = (dueDate: string | null, recurrence: string, dueDay: number | null = null) => ({ dueDate, recurrence, dueDay });

describe('renewedDueDate', () => {
  const today = '2025-06-15';
  test.each([
    ['MENSAL', '2025-07-10', '2025-08-10'],
    ['BIMESTRAL', '2025-07-10', '2025-09-10'],
    ['TRIMESTRAL', '2025-07-10', '2025-10-10'],
    ['SEMESTRAL', '2025-07-10', '2026-01-10'],
    ['ANUAL', '2025-07-10', '2026-07-10'],
  ])('%s adds its months to a future due date', (recurrence, current, next) => {
    expect(renewedDueDate(basis(current, recurrence), today).dueDate).toBe(next);
  });

  test('an overdue or missing due date renews from today', () => {
    expect(renewedDueDate(basis('2025-01-01', 'MENSAL'), today).dueDate).toBe('2025-07-15');
    expect(renewedDueDate(basis(null, 'TRIMESTRAL'), today).dueDate).toBe('2025-09-15');
    expect(renewedDueDate(basis(today, 'MENSAL'), today).dueDate).toBe('2025-07-15');
  });

  test('month ends clamp to the last day of the target month', () => {
    expect(renewedDueDate(basis('2025-01-31', 'MENSAL'), '2025-01-01').dueDate).toBe('2025-02-28');
    expect(renewedDueDate(basis('2028-01-31', 'MENSAL'), '2025-01-01').dueDate).toBe('2028-02-29');
    expect(renewedDueDate(basis('2025-12-31', 'BIMESTRAL'), '2025-01-01').dueDate).toBe('2026-02-28');
    expect(renewedDueDate(basis('2025-11-30', 'TRIMESTRAL'), '2025-01-01').dueDate).toBe('2026-02-28');
    expect(renewedDueDate(basis('2025-08-31', 'SEMESTRAL'), '2025-01-01').dueDate).toBe('2026-02-28');
    expect(renewedDueDate(basis('2028-02-29', 'ANUAL'), '2025-01-01').dueDate).toBe('2029-02-28');
  });

  test('a clamped month end comes back to its anchor day: 31/12 → 31/01 → 28/02 → 31/03 → 30/04 → 31/05', () => {
    let company = basis('2025-12-31', 'MENSAL');
    const dates: string[] = [];
    for (let i = 0; i < 5; i++) {
      const next = renewedDueDate(company, '2025-12-01');
      dates.push(next.dueDate);
      company = { ...company, ...next };
    }
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(company.dueDay).toBe(31);
  });

  test('renewed on its due day, a clamped date still keeps the anchor; an overdue one takes today’s day', () => {
    expect(renewedDueDate(basis('2026-02-28', 'MENSAL', 31), '2026-02-28')).toEqual({ dueDate: '2026-03-31', dueDay: 31 });
    expect(renewedDueDate(basis('2026-02-28', 'MENSAL', 31), '2026-03-05')).toEqual({ dueDate: '2026-04-05', dueDay: 5 });
  });
});

describe('POST /companies/:id/renew', () => {
  test.each([
    ['MENSAL', '2099-01-31', '2099-02-28'],
    ['BIMESTRAL', '2099-12-31', '2100-02-28'],
    ['TRIMESTRAL', '2099-11-30', '2100-02-28'],
    ['SEMESTRAL', '2099-08-31', '2100-02-28'],
    ['ANUAL', '2096-02-29', '2097-02-28'],
  ])('%s moves %s to %s and answers the company', async (recurrence, dueDate, next) => {
    const company = await t.factory.company({ recurrence, dueDate });
    const res = await (await t.as(await t.factory.superUser())).post(`/companies/${company.id}/renew`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, dueDate: next, recurrence });
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row.dueDate).toBe(next);
  });

  test('renewing three times from 31/12 comes back to the 31st in March (the anchor is kept in the company)', async () => {
    const company = await t.factory.company({ recurrence: 'MENSAL', dueDate: '2099-12-31' });
    const r = await t.as(await t.factory.superUser());
    const dates = [];
    for (let i = 0; i < 3; i++) dates.push((await r.post(`/companies/${company.id}/renew`)).json().dueDate);
    expect(dates).toEqual(['2100-01-31', '2100-02-28', '2100-03-31']);
  });

  test('an overdue company is renewed from today, and twice in a row stacks', async () => {
    const company = await t.factory.company({ recurrence: 'MENSAL', dueDate: '2020-05-10' });
    const r = await t.as(await t.factory.superUser());
    const once = addMonths(todayIn(DEFAULT_TIME_ZONE), 1);
    expect((await r.post(`/companies/${company.id}/renew`)).json().dueDate).toBe(once);
    expect((await r.post(`/companies/${company.id}/renew`)).json().dueDate).toBe(addMonths(once, 1));
  });

  test('the main company stays due 2999-12-31; unknown ids are 404', async () => {
    const r = await t.as(await t.factory.superUser());
    expect((await r.post('/companies/1/renew')).json()).toMatchObject({ id: 1, dueDate: '2999-12-31' });
    expect((await r.post('/companies/999999/renew')).statusCode).toBe(404);
  });

  test('only the super user renews: admin and profile user 403, anonymous 401', async () => {
    const company = await t.factory.company({ dueDate: '2099-01-10' });
    const admin = await t.factory.admin({ company });
    const user = await t.factory.user({ company });
    expect((await (await t.as(admin)).post(`/companies/${company.id}/renew`)).statusCode).toBe(403);
    expect((await (await t.as(user)).post(`/companies/${company.id}/renew`)).statusCode).toBe(403);
    expect((await t.anon.post(`/companies/${company.id}/renew`)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row.dueDate).toBe('2099-01-10');
  });
});
