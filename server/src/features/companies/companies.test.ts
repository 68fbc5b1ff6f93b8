import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, queues, settings, users } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const db = () => t.database.db;
const uniq = () => Math.random().toString(36).slice(2, 8);
const fieldsOf = (res: { json(): { fields?: { field: string; message: string }[] } }) =>
  Object.fromEntries((res.json().fields ?? []).toReversed().map((f) => [f.field, f.message]));
const root = async () => t.as(await t.factory.superUser());

describe('POST /companies', () => {
  test('creates the company with the form defaults, the limits of its plan, its settings, and the trial due date of its plan', async () => {
    const plan = await t.factory.plan({ trialDays: 10, amount: '79.9', users: 8, connections: 3 });
    const res = await (await root()).post('/companies', { name: `Acme ${uniq()}`, email: 'Contato@Acme.test', planId: plan.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'contato@acme.test',
      planId: plan.id,
      plan: { id: plan.id, name: plan.name, amount: '79.90' },
      status: false,
      numberAttendants: 8,
      numberConections: 3,
      recurrence: 'MENSAL',
      schedules: [],
      dueDate: addDays(todayIn(DEFAULT_TIME_ZONE), 10),
    });
    expect(Object.keys(body)).not.toContain('timeZone');
    expect((await db().select().from(settings).where(eq(settings.companyId, body.id))).length).toBeGreaterThan(10);
    expect(await db().select().from(users).where(eq(users.companyId, body.id))).toHaveLength(0);
  });

  test('keeps what the form sends: status, due date, recurrence, counters, address', async () => {
    const plan = await t.factory.plan();
    const res = await (await root()).post('/companies', {
      name: `Beta ${uniq()}`,
      email: 'beta@test.local',
      planId: plan.id,
      status: true,
      dueDate: '2031-05-20',
      recurrence: 'ANUAL',
      numberAttendants: '7',
      numberConections: 3,
      phone: '5511999990000',
      document: '12.345.678/0001-00',
      addressStreet: 'Rua A, 1',
      addressCity: 'São Paulo',
      addressState: 'SP',
      paymentMethod: 'pix',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, res.json().id));
    expect(row).toMatchObject({
      status: true,
      dueDate: '2031-05-20',
      recurrence: 'ANUAL',
      numberAttendants: 7,
      numberConections: 3,
      phone: '5511999990000',
      document: '12.345.678/0001-00',
      addressCity: 'São Paulo',
      addressState: 'SP',
      paymentMethod: 'pix',
    });
  });

  test('with a password it also creates the first admin, who can log in like a signed-up user', async () => {
    const plan = await t.factory.plan();
    const name = `Gamma ${uniq()}`;
    const email = `gamma-${uniq()}@test.local`;
    const res = await (await root()).post('/companies', { name, email, planId: plan.id, status: true, password: 'primeira1' });
    expect(res.statusCode).toBe(200);
    const [admin] = await db().select().from(users).where(eq(users.companyId, res.json().id));
    expect(admin).toMatchObject({ name, email, profile: 'admin', super: false, showDashboard: 'enabled', allowConnections: 'enabled' });
    expect(admin.passwordHash).not.toContain('primeira1');
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'primeira1' },
      remoteAddress: '10.7.0.1',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ profile: 'admin', company: { id: res.json().id, name } });
    expect(t.sent.find((e) => e.event === `company-${res.json().id}-user`)?.payload).toMatchObject({ action: 'create', user: { email } });
  });

  test('company names are unique without regard to case (409); nothing is written', async () => {
    const r = await root();
    const plan = await t.factory.plan();
    const name = `Delta ${uniq()}`;
    expect((await r.post('/companies', { name, email: 'd@test.local', planId: plan.id })).statusCode).toBe(200);
    const dup = await r.post('/companies', { name: name.toUpperCase(), email: 'd2@test.local', planId: plan.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
  });

  test("the first admin's e-mail must be free platform-wide; the company is not created either", async () => {
    const taken = await t.factory.user();
    const plan = await t.factory.plan();
    const name = `Eps ${uniq()}`;
    const res = await (await root()).post('/companies', { name, email: taken.email.toUpperCase(), planId: plan.id, password: 'segredo1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
    expect((await db().select().from(companies)).map((c) => c.name)).not.toContain(name);
  });

  test('validation messages of the company form', async () => {
    const r = await root();
    const empty = await r.post('/companies', { name: '', email: '', planId: 1 });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toMatchObject({ name: 'Nome é obrigatório', email: 'E-mail é obrigatório' });
    const bad = await r.post('/companies', {
      name: 'A',
      email: 'nao-e-email',
      planId: 1,
      numberAttendants: 'dez',
      numberConections: 'x',
      password: '123',
    });
    expect(fieldsOf(bad)).toMatchObject({
      name: 'Muito curto!',
      email: 'Email é inválido',
      numberAttendants: 'Deve ser um número',
      numberConections: 'Deve ser um número',
      password: 'Muito curto!',
    });
    const en = await r.inject({ method: 'POST', url: '/companies', payload: { email: 'x' }, headers: { 'accept-language': 'en' } });
    expect(fieldsOf(en)).toMatchObject({ name: 'Name is required', email: 'Email is invalid' });
    const dates = await r.post('/companies', {
      name: 'Zeta',
      email: 'z@test.local',
      planId: 1,
      dueDate: '2030-02-30',
      recurrence: 'DIARIO',
    });
    expect(Object.keys(fieldsOf(dates))).toEqual(expect.arrayContaining(['dueDate', 'recurrence']));
    const noPlan = await r.post('/companies', { name: `Eta ${uniq()}`, email: 'e@test.local', planId: 999999 });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'planId', message: 'Obrigatório' }] });
  });
});

describe('reading companies', () => {
  test('GET /companies lists every company with plan name and amount; /companies/list is minimal', async () => {
    const plan = await t.factory.plan({ amount: '12.5' });
    const company = await t.factory.company({ planId: plan.id });
    const r = await root();
    const all = (await r.get('/companies')).json();
    expect(all.find((c: { id: number }) => c.id === company.id)).toMatchObject({
      name: company.name,
      plan: { name: plan.name, amount: '12.50' },
    });
    expect(all.find((c: { id: number }) => c.id === 1)).toMatchObject({ dueDate: '2999-12-31' });
    const list = (await r.get('/companies/list')).json();
    expect(list.find((c: { id: number }) => c.id === company.id)).toEqual({
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      planId: plan.id,
    });
  });

  test('GET /companiesPlan pages by 20 with count and searches name and e-mail', async () => {
    const tag = uniq();
    const plan = await t.factory.plan();
    for (let i = 0; i < 21; i++) await t.factory.company({ name: `Paged ${tag} ${String(i).padStart(2, '0')}`, planId: plan.id });
    await t.factory.company({ name: `Other ${uniq()}`, email: `mail-${tag}@test.local`, planId: plan.id });
    const r = await root();
    const first = (await r.get('/companiesPlan', { searchParam: tag, pageNumber: '1' })).json();
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.companies).toHaveLength(20);
    expect(first.companies[0].plan).toMatchObject({ id: plan.id });
    const second = (await r.get('/companiesPlan/', { searchParam: tag.toUpperCase(), pageNumber: '2' })).json();
    expect(second).toMatchObject({ count: 22, hasMore: false });
    expect(second.companies).toHaveLength(2);
    const byMail = (await r.get('/companiesPlan', { searchParam: `mail-${tag}` })).json();
    expect(byMail.companies.map((c: { email: string }) => c.email)).toEqual([`mail-${tag}@test.local`]);
    const literal = (await r.get('/companiesPlan', { searchParam: '%' })).json();
    expect(literal.count).toBe(0);
  });

  test('GET /companies/:id answers one company; unknown is 404', async () => {
    const company = await t.factory.company();
    const r = await root();
    expect((await r.get(`/companies/${company.id}`)).json()).toMatchObject({
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
    });
    expect((await r.get('/companies/999999')).statusCode).toBe(404);
  });
});

describe('PUT /companies/:id', () => {
  test('changes the fields sent and nothing else', async () => {
    const company = await t.factory.company({ dueDate: '2030-01-10', numberAttendants: 4 });
    const plan = await t.factory.plan();
    const res = await (await root()).put(`/companies/${company.id}`, {
      name: `Renamed ${uniq()}`,
      planId: plan.id,
      dueDate: '2030-03-01',
      status: false,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({
      name: res.json().name,
      planId: plan.id,
      dueDate: '2030-03-01',
      status: false,
      numberAttendants: 4,
      email: company.email,
    });
  });

  test("the main company's due date stays 2999-12-31", async () => {
    const res = await (await root()).put('/companies/1', { dueDate: '2020-01-01', numberAttendants: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, dueDate: '2999-12-31', numberAttendants: 50 });
    const [row] = await db().select().from(companies).where(eq(companies.id, 1));
    expect(row.dueDate).toBe('2999-12-31');
  });

  test('a name another company has is 409; its own name in another case is fine', async () => {
    const a = await t.factory.company();
    const b = await t.factory.company();
    const r = await root();
    const dup = await r.put(`/companies/${b.id}`, { name: a.name.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
    expect((await r.put(`/companies/${b.id}`, { name: b.name.toUpperCase() })).statusCode).toBe(200);
  });

  test('validation and unknown ids', async () => {
    const r = await root();
    const company = await t.factory.company();
    const bad = await r.put(`/companies/${company.id}`, { name: '', email: 'x', numberConections: 'muitas' });
    expect(fieldsOf(bad)).toMatchObject({ name: 'Nome é obrigatório', email: 'Email é inválido', numberConections: 'Deve ser um número' });
    expect((await r.put('/companies/999999', { name: 'Ninguém' })).statusCode).toBe(404);
  });
});

describe('DELETE /companies/:id', () => {
  test('removes the company with its users, queues and settings', async () => {
    const company = await t.factory.company();
    const admin = await t.factory.admin({ company });
    await t.factory.queue(company.id);
    const res = await (await root()).delete(`/companies/${company.id}`);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(companies).where(eq(companies.id, company.id))).toHaveLength(0);
    expect(await db().select().from(users).where(eq(users.id, admin.id))).toHaveLength(0);
    expect(await db().select().from(queues).where(eq(queues.companyId, company.id))).toHaveLength(0);
    expect(await db().select().from(settings).where(eq(settings.companyId, company.id))).toHaveLength(0);
  });

  test("never the main company nor the super user's own: 400 ERR_NO_PERMISSION", async () => {
    const superUser = await t.factory.superUser();
    const r = await t.as(superUser);
    const main = await r.delete('/companies/1');
    expect(main.statusCode).toBe(400);
    expect(main.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await r.delete(`/companies/${superUser.companyId}`)).statusCode).toBe(400);
    expect(await db().select().from(companies).where(eq(companies.id, 1))).toHaveLength(1);
    expect((await r.delete('/companies/999999')).statusCode).toBe(404);
  });
});
