import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connectionQueues, connections, plans } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

test('creating a simulator connection stores it, links its queues, starts it and announces it without the token', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const api = await t.as(admin);
  const res = await api.post('/whatsapp', {
    name: 'Simulador',
    provider: 'simulator',
    queueIds: [queue.id],
    greetingMessage: 'Olá!',
    complationMessage: 'Tchau',
    ratingMessage: 'Nota?',
    outOfHoursMessage: 'Fechado',
    groupAsTicket: 'enabled',
    allowGroup: true,
    ignoredField: 'x',
  });
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json();
  expect(view).toMatchObject({
    name: 'Simulador',
    provider: 'simulator',
    channel: 'whatsapp',
    status: 'CONNECTED',
    isDefault: true,
    companyId: admin.companyId,
    greetingMessage: 'Olá!',
    complationMessage: 'Tchau',
    ratingMessage: 'Nota?',
    outOfHoursMessage: 'Fechado',
    groupAsTicket: 'enabled',
    allowGroup: true,
    queues: [{ id: queue.id, name: queue.name, color: queue.color }],
  });
  expect(view.token).toMatch(/^[A-Za-z0-9]{30}$/);

  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, view.id));
  expect(row.status).toBe('CONNECTED');
  expect(row.token).toBe(view.token);
  expect(await t.database.db.select().from(connectionQueues).where(eq(connectionQueues.connectionId, view.id))).toEqual([
    { connectionId: view.id, queueId: queue.id },
  ]);

  const events = t.sent.filter((e) => e.companyId === admin.companyId);
  const created = events.find((e) => e.event === `company-${admin.companyId}-whatsapp`);
  expect(created?.payload).toMatchObject({ action: 'update', whatsapp: { id: view.id, name: 'Simulador' } });
  const session = events.find((e) => e.event === `company-${admin.companyId}-whatsappSession`);
  expect(session?.payload).toMatchObject({ action: 'update', session: { id: view.id, status: 'CONNECTED' } });
  for (const e of events) expect(JSON.stringify(e.payload)).not.toContain(view.token);
});

test('a beta connection (the default provider) is created DISCONNECTED: this build has no WhatsApp Web provider yet', async () => {
  const admin = await t.factory.admin();
  const res = await (await t.as(admin)).post('/whatsapp', { name: 'Celular' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ provider: 'beta', status: 'DISCONNECTED', isDefault: true, queues: [] });
});

test('validation answers with the spec messages and stores nothing', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const cases: [unknown, string, string][] = [
    [{}, 'name', 'Required'],
    [{ name: '' }, 'name', 'Required'],
    [{ name: 'A' }, 'name', 'Too Short!'],
    [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
    [{ name: 'Ok', provider: 'cloud' }, 'provider', 'Invalid value'],
    [{ name: 'Ok', groupAsTicket: 'maybe' }, 'groupAsTicket', 'Invalid value'],
  ];
  for (const [body, field, message] of cases) {
    const res = await api.inject({ method: 'POST', url: '/whatsapp', payload: body as object, headers: { 'accept-language': 'en' } });
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field, message });
  }
  expect(await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId))).toEqual([]);
});

test('names are unique per company, case-insensitively; another company may use the same name', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  expect((await api.post('/whatsapp', { name: 'Vendas' })).statusCode).toBe(200);
  const again = await api.post('/whatsapp', { name: 'VENDAS' });
  expect(again.statusCode).toBe(400);
  expect(again.json()).toEqual({ error: 'ERR_CONNECTION_NAME_ALREADY_EXISTS' });
  expect((await (await t.as(await t.factory.admin())).post('/whatsapp', { name: 'Vendas' })).statusCode).toBe(200);
});

test('more than one queue needs a greeting message', async () => {
  const admin = await t.factory.admin();
  const [q1, q2] = [await t.factory.queue(admin.companyId), await t.factory.queue(admin.companyId)];
  const api = await t.as(admin);
  const res = await api.post('/whatsapp', { name: 'Duas filas', queueIds: [q1.id, q2.id] });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
  expect((await api.post('/whatsapp', { name: 'Duas filas', queueIds: [q1.id, q2.id], greetingMessage: 'Escolha' })).statusCode).toBe(200);
});

test('the plan switch useWhatsapp and the plan connection count gate creation', async () => {
  const noWhatsapp = await t.factory.plan({ useWhatsapp: false });
  const admin = await t.factory.admin({ company: await t.factory.company({ planId: noWhatsapp.id }) });
  const res = await (await t.as(admin)).post('/whatsapp', { name: 'Bloqueada' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });

  const onlyOne = await t.factory.plan({ connections: 1 });
  const limited = await t.factory.admin({ company: await t.factory.company({ planId: onlyOne.id }) });
  const api = await t.as(limited);
  expect((await api.post('/whatsapp', { name: 'Primeira' })).statusCode).toBe(200);
  const second = await api.post('/whatsapp', { name: 'Segunda' });
  expect(second.statusCode).toBe(400);
  expect(second.json()).toEqual({ error: 'ERR_PLAN_CONNECTION_LIMIT' });
  await t.database.db.update(plans).set({ connections: 2 }).where(eq(plans.id, onlyOne.id));
  expect((await api.post('/whatsapp', { name: 'Segunda' })).statusCode).toBe(200);
});

test('the first connection is the default; a new default takes the flag from the old one', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const first = (await api.post('/whatsapp', { name: 'Primeira', isDefault: false })).json();
  const second = (await api.post('/whatsapp', { name: 'Segunda' })).json();
  expect([first.isDefault, second.isDefault]).toEqual([true, false]);
  const third = (await api.post('/whatsapp', { name: 'Terceira', isDefault: true })).json();
  expect(third.isDefault).toBe(true);
  const list = (await api.get('/whatsapp')).json() as { id: number; isDefault: boolean }[];
  expect(list.filter((c) => c.isDefault).map((c) => c.id)).toEqual([third.id]);
  const demoted = t.sent.filter((e) => e.event === `company-${admin.companyId}-whatsapp`).at(-1)?.payload;
  expect(demoted).toMatchObject({ action: 'update', whatsapp: { id: first.id, isDefault: false } });
});

test('updating changes only the sent fields, replaces queues, and moves the default flag', async () => {
  const admin = await t.factory.admin();
  const [q1, q2] = [await t.factory.queue(admin.companyId), await t.factory.queue(admin.companyId)];
  const api = await t.as(admin);
  const a = (await api.post('/whatsapp', { name: 'Conexão A', queueIds: [q1.id], greetingMessage: 'Oi' })).json();
  const b = (await api.post('/whatsapp', { name: 'Conexão B' })).json();
  const res = await api.put(`/whatsapp/${a.id}`, { name: 'Conexão A2', queueIds: [q2.id] });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ name: 'Conexão A2', greetingMessage: 'Oi', isDefault: true, queues: [{ id: q2.id }] });

  const promoted = await api.put(`/whatsapp/${b.id}`, { isDefault: true });
  expect(promoted.json().isDefault).toBe(true);
  expect((await api.get(`/whatsapp/${a.id}`)).json().isDefault).toBe(false);
  expect(
    t.sent
      .filter((e) => e.event === `company-${admin.companyId}-whatsapp`)
      .slice(-2)
      .map((e) => e.payload),
  ).toMatchObject([{ whatsapp: { id: b.id, isDefault: true } }, { whatsapp: { id: a.id, isDefault: false } }]);
});

test('the default cannot be switched off: another connection must become default (ERR_NO_OTHER_WHATSAPP)', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const only = (await api.post('/whatsapp', { name: 'Única' })).json();
  const res = await api.put(`/whatsapp/${only.id}`, { isDefault: false });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_NO_OTHER_WHATSAPP' });
});

test('deleting: the default goes only when it is the last one; others go any time', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const main = (await api.post('/whatsapp', { name: 'Principal', provider: 'simulator' })).json();
  const other = (await api.post('/whatsapp', { name: 'Outra', provider: 'simulator' })).json();

  const refused = await api.delete(`/whatsapp/${main.id}`);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({ error: 'ERR_NO_OTHER_WHATSAPP' });

  expect((await api.delete(`/whatsapp/${other.id}`)).statusCode).toBe(200);
  expect(t.sent.at(-1)).toMatchObject({
    event: `company-${admin.companyId}-whatsapp`,
    payload: { action: 'delete', whatsappId: other.id },
  });
  expect((await api.delete(`/whatsapp/${main.id}`)).statusCode).toBe(200);
  expect(await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId))).toEqual([]);
  expect((await api.get(`/whatsapp/${main.id}`)).statusCode).toBe(404);
});

test('changing the provider restarts the session: simulator to beta disconnects, back to simulator connects', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const conn = (await api.post('/whatsapp', { name: 'Troca', provider: 'simulator' })).json();
  expect((await api.put(`/whatsapp/${conn.id}`, { provider: 'beta' })).json().status).toBe('DISCONNECTED');
  expect((await api.put(`/whatsapp/${conn.id}`, { provider: 'simulator' })).json().status).toBe('CONNECTED');
});
