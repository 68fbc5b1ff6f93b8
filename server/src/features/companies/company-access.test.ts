import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, plans, users } from '../../db/schema';
import { companyFolder, mediaStorage } from '../../media';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const db = () => t.database.db;
const uniq = () => Math.random().toString(36).slice(2, 8);
const fieldsOf = (res: { json(): { fields?: { field: string; message: string }[] } }) =>
  Object.fromEntries((res.json().fields ?? []).toReversed().map((f) => [f.field, f.message]));

const weekday = (over: Record<string, string> = {}) => ({
  weekday: 'Segunda-feira',
  weekdayEn: 'monday',
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
  ...over,
});

describe('POST /companies/:id/users (company-user dialog)', () => {
  test('creates an admin in that company who can log in', async () => {
    const company = await t.factory.company();
    const email = `novo-${uniq()}@test.local`;
    const res = await (await t.as(await t.factory.superUser())).post(`/companies/${company.id}/users`, {
      name: 'Maria Souza',
      email,
      password: 'senha1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Maria Souza', email, profile: 'admin', companyId: company.id });
    expect(res.json().passwordHash).toBeUndefined();
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row.companyId).toBe(company.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'senha1' },
      remoteAddress: '10.8.0.1',
    });
    expect(login.statusCode).toBe(200);
  });

  test('an e-mail used anywhere on the platform is 409; unknown company 404; validation messages', async () => {
    const company = await t.factory.company();
    const other = await t.factory.user();
    const r = await t.as(await t.factory.superUser());
    const dup = await r.post(`/companies/${company.id}/users`, { name: 'Dup', email: other.email.toUpperCase(), password: 'senha1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
    expect(await db().select().from(users).where(eq(users.companyId, company.id))).toHaveLength(0);
    expect((await r.post('/companies/999999/users', { name: 'Ana', email: `a-${uniq()}@test.local`, password: 'senha1' })).statusCode).toBe(
      404,
    );
    const bad = await r.post(`/companies/${company.id}/users`, { name: 'A', email: 'x', password: '123' });
    expect(fieldsOf(bad)).toEqual({ name: 'Muito curto!', email: 'E-mail inválido', password: 'Muito curto!' });
  });
});

describe('GET /companies/listPlan/:companyId', () => {
  test("any user reads their own company's plan with its switches", async () => {
    const plan = await t.factory.plan({ useKanban: false, amount: '30' });
    const company = await t.factory.company({ planId: plan.id });
    const user = await t.factory.user({ company });
    const res = await (await t.as(user)).get(`/companies/listPlan/${company.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ id: plan.id, name: plan.name, amount: '30.00', useKanban: false, useWhatsapp: true });
  });

  test("another company's id is 404 for a non-super; the super user reads any", async () => {
    const company = await t.factory.company();
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).get(`/companies/listPlan/${company.id}`)).statusCode).toBe(404);
    const r = await t.as(await t.factory.superUser());
    expect((await r.get(`/companies/listPlan/${company.id}`)).json().plan.id).toBe(company.planId);
    expect((await r.get('/companies/listPlan/999999')).statusCode).toBe(404);
    expect((await t.anon.get(`/companies/listPlan/${company.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /companies/:id/schedules', () => {
  test("an admin stores their company's service hours", async () => {
    const admin = await t.factory.admin();
    const schedules = [weekday(), weekday({ weekday: 'Sábado', weekdayEn: 'saturday', startTimeB: '', endTimeB: '' })];
    const res = await (await t.as(admin)).put(`/companies/${admin.companyId}/schedules`, { schedules });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.companyId, schedules });
    const [row] = await db().select().from(companies).where(eq(companies.id, admin.companyId));
    expect(row.schedules).toEqual(schedules);
  });

  test('a profile user of the company 403; another company 404; the super user any company', async () => {
    const company = await t.factory.company();
    const user = await t.factory.user({ company });
    const stranger = await t.factory.admin();
    const body = { schedules: [weekday()] };
    expect((await (await t.as(user)).put(`/companies/${company.id}/schedules`, body)).statusCode).toBe(403);
    expect((await (await t.as(stranger)).put(`/companies/${company.id}/schedules`, body)).statusCode).toBe(404);
    expect((await t.anon.put(`/companies/${company.id}/schedules`, body)).statusCode).toBe(401);
    let [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row.schedules).toEqual([]);
    expect((await (await t.as(await t.factory.superUser())).put(`/companies/${company.id}/schedules`, body)).statusCode).toBe(200);
    [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row.schedules).toHaveLength(1);
  });

  test('GET answers the company hours to its admin; a profile user 403; another company 404', async () => {
    const admin = await t.factory.admin();
    const schedules = [weekday()];
    await (await t.as(admin)).put(`/companies/${admin.companyId}/schedules`, { schedules });
    const res = await (await t.as(admin)).get(`/companies/${admin.companyId}/schedules`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: admin.companyId, schedules });
    const user = await t.factory.user({ companyId: admin.companyId });
    expect((await (await t.as(user)).get(`/companies/${admin.companyId}/schedules`)).statusCode).toBe(403);
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).get(`/companies/${admin.companyId}/schedules`)).statusCode).toBe(404);
  });

  test('times must be HH:mm', async () => {
    const admin = await t.factory.admin();
    const res = await (await t.as(admin)).put(`/companies/${admin.companyId}/schedules`, { schedules: [weekday({ startTimeA: '25:00' })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'schedules.0.startTimeA', message: 'Horário inválido (HH:mm)' });
    expect((await (await t.as(admin)).put(`/companies/${admin.companyId}/schedules`, {})).statusCode).toBe(400);
  });
});

describe('super-only company routes', () => {
  test('a non-super admin and a profile user get 403, anonymous 401, and nothing changes', async () => {
    const company = await t.factory.company();
    const planId = (await db().select({ id: plans.id }).from(plans).limit(1))[0].id;
    const routes = [
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['GET', '/companiesPlan'],
      ['GET', '/companiesPlan/'],
      ['POST', '/companies', { name: `Nova ${uniq()}`, email: 'n@test.local', planId }],
      ['PUT', `/companies/${company.id}`, { name: 'Hacked' }],
      ['DELETE', `/companies/${company.id}`],
      ['POST', `/companies/${company.id}/renew`],
      ['POST', `/companies/${company.id}/users`, { name: 'Eve', email: `eve-${uniq()}@test.local`, password: 'senha1' }],
    ] as const;
    const admin = await t.as(await t.factory.admin({ company }));
    const user = await t.as(await t.factory.user({ company }));
    for (const [method, url, body] of routes) {
      expect((await admin.inject({ method, url, payload: body })).statusCode, `admin ${method} ${url}`).toBe(403);
      expect((await user.inject({ method, url, payload: body })).statusCode, `user ${method} ${url}`).toBe(403);
      expect((await t.anon.inject({ method, url, payload: body })).statusCode, `anon ${method} ${url}`).toBe(401);
    }
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ name: company.name, dueDate: company.dueDate });
    expect(await db().select().from(users).where(eq(users.companyId, company.id))).toHaveLength(2);
  });
});

describe('GET /companies/:id', () => {
  test("a company's own admin reads it; a user profile gets 403, another company's admin 404", async () => {
    const company = await t.factory.company();
    const admin = await t.factory.admin({ company });
    const res = await (await t.as(admin)).get(`/companies/${company.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, name: company.name, folderSize: 0, numberFileFolder: 0, updatedAtFolder: null });
    expect((await (await t.as(await t.factory.user({ company }))).get(`/companies/${company.id}`)).statusCode).toBe(403);
    expect((await (await t.as(await t.factory.admin())).get(`/companies/${company.id}`)).statusCode).toBe(404);
    expect((await t.anon.get(`/companies/${company.id}`)).statusCode).toBe(401);
  });

  test("folderSize, numberFileFolder and updatedAtFolder count the company's stored files only", async () => {
    const company = await t.factory.company();
    const other = await t.factory.company();
    const storage = mediaStorage(t.config);
    await storage.put(companyFolder(company.id, 'media'), Buffer.from('12345'), 'txt');
    await storage.put(companyFolder(company.id, 'quickMessage'), Buffer.from('123'), 'txt');
    await storage.put(companyFolder(other.id, 'media'), Buffer.from('1234567890'), 'txt');
    const view = (await (await t.as(await t.factory.superUser())).get(`/companies/${company.id}`)).json();
    expect(view).toMatchObject({ folderSize: 8, numberFileFolder: 2 });
    expect(Date.parse(view.updatedAtFolder)).not.toBeNaN();
  });
});
