import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { invoiceFor } from './testing';

const t = useTestApp();

describe('GET /invoices/all', () => {
  test("a company's admin sees its own invoices only, newest due date first, with count and hasMore", async () => {
    const company = await t.factory.company();
    const other = await t.factory.company();
    for (let i = 1; i <= 21; i++) await invoiceFor(t.database.db, company.id, { dueDate: `2090-01-${String(i).padStart(2, '0')}` });
    await invoiceFor(t.database.db, other.id, { detail: 'Fatura alheia' });
    const r = await t.as(await t.factory.admin({ company }));
    const first = (await r.get('/invoices/all', { pageNumber: '1' })).json();
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.invoices).toHaveLength(20);
    expect(first.invoices[0]).toMatchObject({ companyId: company.id, dueDate: '2090-01-21', status: 'open', value: 99.9, users: 5 });
    const second = (await r.get('/invoices/all', { pageNumber: '2' })).json();
    expect(second).toMatchObject({ count: 21, hasMore: false });
    expect(second.invoices.map((i: { dueDate: string }) => i.dueDate)).toEqual(['2090-01-01']);
    expect([...first.invoices, ...second.invoices].every((i: { companyId: number }) => i.companyId === company.id)).toBe(true);
  });

  test('searchParam filters on the detail; the super user sees every company and searches company names', async () => {
    const company = await t.factory.company({ name: `Acme ${Date.now()}` });
    await invoiceFor(t.database.db, company.id, { detail: 'Plano Ouro' });
    await invoiceFor(t.database.db, company.id, { detail: 'Plano Prata', dueDate: '2099-02-10' });
    const r = await t.as(await t.factory.admin({ company }));
    const found = (await r.get('/invoices/all', { searchParam: 'ouro' })).json();
    expect(found.invoices.map((i: { detail: string }) => i.detail)).toEqual(['Plano Ouro']);
    const literal = (await r.get('/invoices/all', { searchParam: '%' })).json();
    expect(literal.count).toBe(0);

    const superUser = await t.as(await t.factory.superUser());
    const all = (await superUser.get('/invoices/all', { searchParam: company.name })).json();
    expect(all.count).toBe(2);
    expect(all.invoices[0]).toMatchObject({ companyName: company.name });
  });

  test('a profile user gets 403, anonymous 401; bad paging is a 400', async () => {
    const company = await t.factory.company();
    const user = await t.factory.user({ company });
    expect((await (await t.as(user)).get('/invoices/all')).statusCode).toBe(403);
    expect((await t.anon.get('/invoices/all')).statusCode).toBe(401);
    const admin = await t.as(await t.factory.admin({ company }));
    expect((await admin.get('/invoices/all', { pageNumber: '0' })).statusCode).toBe(400);
    expect((await admin.get('/invoices/all', { pageNumber: 'x' })).statusCode).toBe(400);
  });
});
