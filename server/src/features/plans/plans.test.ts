import { PLAN_SWITCHES } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { plans } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const db = () => t.database.db;
/** The first message of each failing field, as a form shows it. */
const fieldsOf = (res: { json(): { fields?: { field: string; message: string }[] } }) =>
  Object.fromEntries((res.json().fields ?? []).toReversed().map((f) => [f.field, f.message]));

const planBody = (over: Record<string, unknown> = {}) => ({
  name: `Plano ${Math.random().toString(36).slice(2, 8)}`,
  users: 5,
  connections: 2,
  queues: 3,
  amount: '49.9',
  isPublic: true,
  trialDays: 14,
  ...Object.fromEntries(PLAN_SWITCHES.map((s) => [s, true])),
  ...over,
});

describe('GET /plans/list', () => {
  test('anonymous callers and listPublic=true see only public plans; a super token sees all', async () => {
    const pub = await t.factory.plan({ isPublic: true, amount: '49.9' });
    const hidden = await t.factory.plan({ isPublic: false });

    const anon = await t.anon.get('/plans/list');
    expect(anon.statusCode).toBe(200);
    const anonIds = anon.json().map((p: { id: number }) => p.id);
    expect(anonIds).toContain(pub.id);
    expect(anonIds).not.toContain(hidden.id);
    expect(anon.json().find((p: { id: number }) => p.id === pub.id)).toMatchObject({ amount: '49.90', isPublic: true, useKanban: true });

    const signup = await t.anon.get('/plans/list', { listPublic: 'true' });
    expect(signup.json().map((p: { id: number }) => p.id)).not.toContain(hidden.id);

    const root = await t.as(await t.factory.superUser());
    expect((await root.get('/plans/list')).json().map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([pub.id, hidden.id]));
    expect((await root.get('/plans/list', { listPublic: 'true' })).json().map((p: { id: number }) => p.id)).not.toContain(hidden.id);
  });

  test('an admin token or a stale token still gets the public list only', async () => {
    const hidden = await t.factory.plan({ isPublic: false });
    const admin = await t.as(await t.factory.admin());
    const res = await admin.get('/plans/list');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).not.toContain(hidden.id);
    const stale = await t.app.inject({ method: 'GET', url: '/plans/list', headers: { authorization: 'Bearer not-a-token' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().map((p: { id: number }) => p.id)).not.toContain(hidden.id);
  });
});

describe('plan administration', () => {
  test('create stores every field, the amount with two decimals, and it reads back', async () => {
    const root = await t.as(await t.factory.superUser());
    const res = await root.post(
      '/plans',
      planBody({ name: 'Plano Ouro', amount: '149,5', isPublic: false, useKanban: false, useOpenAi: false }),
    );
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({
      name: 'Plano Ouro',
      users: 5,
      connections: 2,
      queues: 3,
      amount: '149.50',
      isPublic: false,
      trialDays: 14,
      useKanban: false,
      useOpenAi: false,
      useWhatsapp: true,
    });
    const [row] = await db().select().from(plans).where(eq(plans.id, plan.id));
    expect(row.amount).toBe('149.50');
    expect(row.useKanban).toBe(false);
    expect((await root.get(`/plans/${plan.id}`)).json()).toEqual(plan);
    expect((await root.get('/plans/all')).json().map((p: { id: number }) => p.id)).toContain(plan.id);
  });

  test('create applies defaults: switches on, one of each, public, 7 trial days', async () => {
    const root = await t.as(await t.factory.superUser());
    const res = await root.post('/plans', { name: 'Básico', amount: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: '10.00', users: 1, connections: 1, queues: 1, isPublic: true, trialDays: 7 });
    for (const s of PLAN_SWITCHES) expect(res.json()[s]).toBe(true);
  });

  test('update changes only what is sent', async () => {
    const root = await t.as(await t.factory.superUser());
    const plan = await t.factory.plan({ users: 4, useCampaigns: true, amount: '20' });
    const res = await root.put(`/plans/${plan.id}`, { amount: '35.5', useCampaigns: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: plan.id, users: 4, amount: '35.50', useCampaigns: false, name: plan.name });
    const [row] = await db().select().from(plans).where(eq(plans.id, plan.id));
    expect(row).toMatchObject({ amount: '35.50', useCampaigns: false, users: 4 });
  });

  test('validation: name required, numbers and amount must be numbers', async () => {
    const root = await t.as(await t.factory.superUser());
    const res = await root.post('/plans', { name: '', users: 'abc', amount: 'dez reais', trialDays: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    expect(fieldsOf(res)).toMatchObject({
      name: 'Obrigatório',
      users: 'Deve ser um número',
      amount: 'Deve ser um número',
      trialDays: 'Deve ser um número',
    });
    const put = await root.put('/plans/1', { connections: -1, amount: '1.999' });
    expect(fieldsOf(put)).toMatchObject({ connections: 'Deve ser um número', amount: 'Deve ser um número' });
  });

  test('delete removes an unused plan and refuses one a company is on', async () => {
    const root = await t.as(await t.factory.superUser());
    const unused = await t.factory.plan();
    expect((await root.delete(`/plans/${unused.id}`)).statusCode).toBe(200);
    expect(await db().select().from(plans).where(eq(plans.id, unused.id))).toHaveLength(0);

    const company = await t.factory.company();
    const inUse = await root.delete(`/plans/${company.planId}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toEqual({ error: 'ERR_PLAN_IN_USE' });
    expect(await db().select().from(plans).where(eq(plans.id, company.planId))).toHaveLength(1);
  });

  test('unknown ids are 404 and malformed ids 400', async () => {
    const root = await t.as(await t.factory.superUser());
    expect((await root.get('/plans/999999')).statusCode).toBe(404);
    expect((await root.put('/plans/999999', { name: 'Nada' })).statusCode).toBe(404);
    expect((await root.delete('/plans/999999')).statusCode).toBe(404);
    expect((await root.get('/plans/abc')).statusCode).toBe(400);
  });
});

describe('permissions', () => {
  const superRoutes = (id: number) =>
    [
      ['GET', '/plans/all'],
      ['GET', `/plans/${id}`],
      ['POST', '/plans', planBody()],
      ['PUT', `/plans/${id}`, { name: 'Hack' }],
      ['DELETE', `/plans/${id}`],
    ] as const;

  test('a non-super admin and a profile user get 403; anonymous 401; nothing changes', async () => {
    const plan = await t.factory.plan({ name: 'Intocável' });
    const admin = await t.as(await t.factory.admin());
    const user = await t.as(await t.factory.user());
    for (const [method, url, body] of superRoutes(plan.id)) {
      expect((await admin.inject({ method, url, payload: body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await user.inject({ method, url, payload: body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.anon.inject({ method, url, payload: body })).statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await db().select().from(plans).where(eq(plans.id, plan.id));
    expect(row.name).toBe('Intocável');
  });
});
