import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, userQueues, users } from '../../db/schema';
import { verifyPassword } from '../../auth/password';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const input = (over: Record<string, unknown> = {}) => ({
  name: 'Novo Agente',
  email: `novo-${Math.random().toString(36).slice(2)}@test.local`,
  password: 'abc12',
  ...over,
});

async function row(id: number) {
  const [r] = await t.database.db.select().from(users).where(eq(users.id, id));
  return r;
}

describe('POST /users', () => {
  test('creates a user with the modal defaults, a hashed password and the queues, and tells the company', async () => {
    const admin = await t.factory.admin();
    const q1 = await t.factory.queue(admin.companyId);
    const q2 = await t.factory.queue(admin.companyId);
    const body = input({ email: 'Mixed.Case@Test.Local', queueIds: [q1.id, q2.id, q1.id] });
    const res = await (await t.as(admin)).post('/users', body);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Novo Agente',
      email: 'mixed.case@test.local',
      companyId: admin.companyId,
      profile: 'user',
      super: false,
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'disable',
      allowGroup: false,
      defaultTheme: 'light',
      defaultMenu: 'open',
      userClosePendingTicket: 'enabled',
      showDashboard: 'disabled',
      allowRealTime: 'disabled',
      allowConnections: 'disabled',
      allUserChat: 'disabled',
    });
    expect(user.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect(user.passwordHash).toBeUndefined();

    const stored = await row(user.id);
    expect(stored.passwordHash).not.toBe('abc12');
    expect(await verifyPassword(stored.passwordHash, 'abc12')).toBe(true);
    const links = await t.database.db.select().from(userQueues).where(eq(userQueues.userId, user.id));
    expect(links).toHaveLength(2);
    const event = t.sent.find(
      (e) => e.event === `company-${admin.companyId}-user` && (e.payload as { action: string }).action === 'create',
    );
    expect(event?.payload).toMatchObject({ action: 'create', user: { id: user.id, email: 'mixed.case@test.local' } });
    expect(event?.room).toBeNull();
  });

  test('the new user can log in', async () => {
    const admin = await t.factory.admin();
    const body = input({ password: 'Segredo1' });
    await (await t.as(admin)).post('/users', body);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: 'Segredo1' } });
    expect(login.statusCode).toBe(200);
  });

  test('admin fields are taken as sent; super is never accepted from input', async () => {
    const admin = await t.factory.superUser();
    const res = await (await t.as(admin)).post(
      '/users',
      input({
        profile: 'admin',
        super: true,
        startWork: '08:00',
        endWork: '18:10',
        allowConnections: 'enabled',
        farewellMessage: 'Até logo',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      profile: 'admin',
      super: false,
      startWork: '08:00',
      endWork: '18:10',
      allowConnections: 'enabled',
      farewellMessage: 'Até logo',
    });
    expect((await row(res.json().id)).super).toBe(false);
  });

  test("validation: field messages in the caller's language", async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const short = await api.post('/users', input({ name: 'a' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'name', key: 'validation.tooShort', message: 'Muito curto!' }],
    });

    const many = await api.post('/users', { name: 'x'.repeat(51), email: 'nope', password: '123' });
    const fields = Object.fromEntries(many.json().fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toMatchObject({ name: 'Muito longo!', email: 'E-mail inválido', password: 'Muito curto!' });

    const english = await api.inject({
      method: 'POST',
      url: '/users',
      payload: input({ name: 'a' }),
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().fields[0].message).toBe('Too Short!');

    const missing = await api.post('/users', { email: 'a@b.c' });
    expect(missing.json().fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['name', 'password']));
    const badTime = await api.post('/users', input({ startWork: '25:00', profile: 'root' }));
    expect(badTime.json().fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['startWork', 'profile']));
  });

  test('an e-mail already used anywhere on the platform is 409 ERR_EMAIL_ALREADY_EXISTS', async () => {
    const elsewhere = await t.factory.user();
    const admin = await t.factory.admin();
    const res = await (await t.as(admin)).post('/users', input({ email: elsewhere.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  test('two simultaneous creations with one e-mail: one succeeds, the other is 409', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const body = input();
    const results = await Promise.all([api.post('/users', body), api.post('/users', { ...body, email: body.email.toUpperCase() })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  test('a queue of another company (or unknown) is 404 and nothing is created', async () => {
    const admin = await t.factory.admin();
    const foreign = await t.factory.queue((await t.factory.company()).id);
    const body = input({ queueIds: [foreign.id] });
    const res = await (await t.as(admin)).post('/users', body);
    expect(res.statusCode).toBe(404);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(created).toBeUndefined();
  });

  test('the plan user limit: at plan.users the next one is 400 ERR_PLAN_USER_LIMIT', async () => {
    const plan = await t.factory.plan({ users: 2 });
    const company = await t.factory.company({ planId: plan.id });
    const admin = await t.factory.admin({ company });
    const api = await t.as(admin);
    expect((await api.post('/users', input())).statusCode).toBe(200);
    const over = await api.post('/users', input());
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'ERR_PLAN_USER_LIMIT' });
  });

  test('concurrent creations never pass the plan limit', async () => {
    const plan = await t.factory.plan({ users: 3 });
    const company = await t.factory.company({ planId: plan.id });
    const admin = await t.factory.admin({ company });
    const api = await t.as(admin);
    const results = await Promise.all([1, 2, 3, 4].map(() => api.post('/users', input())));
    // Exactly the two the plan leaves room for; the others are the limit's own error (a 500 is no refusal).
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json())).toEqual([
      { error: 'ERR_PLAN_USER_LIMIT' },
      { error: 'ERR_PLAN_USER_LIMIT' },
    ]);
    const rows = await t.database.db.select().from(users).where(eq(users.companyId, company.id));
    expect(rows).toHaveLength(3);
  });

  test('the platform company (id 1) has no user limit', async () => {
    const tiny = await t.factory.plan({ users: 1 });
    await t.database.db.update(companies).set({ planId: tiny.id }).where(eq(companies.id, 1));
    const [root] = await t.database.db.select().from(users).where(eq(users.companyId, 1));
    const res = await (await t.as(root)).post('/users', input());
    expect(res.statusCode).toBe(200);
    expect(res.json().companyId).toBe(1);
  });

  test('a profile user gets 403', async () => {
    const user = await t.factory.user();
    const res = await (await t.as(user)).post('/users', input());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });
});
