import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { companies, connections } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

async function companyWithConnection() {
  const admin = await t.factory.admin();
  const conn = (await (await t.as(admin)).post('/whatsapp', { name: 'Da empresa', provider: 'simulator' })).json();
  return { admin, conn };
}

test('without a session every connection route is 401', async () => {
  for (const res of [
    await t.anon.get('/whatsapp'),
    await t.anon.get('/whatsapp/'),
    await t.anon.get('/whatsapp/1'),
    await t.anon.post('/whatsapp', { name: 'Nova' }),
    await t.anon.put('/whatsapp/1', { name: 'Nova' }),
    await t.anon.delete('/whatsapp/1'),
  ])
    expect(res.statusCode).toBe(401);
});

test('a profile user lists and reads connections without the token, and gets 403 on writes', async () => {
  const { admin, conn } = await companyWithConnection();
  const api = await t.as(await t.factory.user({ companyId: admin.companyId }));
  for (const url of ['/whatsapp', '/whatsapp/']) {
    const list = await api.get(url, { session: '0', companyId: String(admin.companyId) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ id: conn.id, name: 'Da empresa' });
    expect(list.json()[0]).not.toHaveProperty('token');
  }
  const one = await api.get(`/whatsapp/${conn.id}`, { session: '0' });
  expect(one.statusCode).toBe(200);
  expect(one.json()).not.toHaveProperty('token');
  for (const res of [
    await api.post('/whatsapp', { name: 'Nova' }),
    await api.put(`/whatsapp/${conn.id}`, { name: 'Mudada' }),
    await api.delete(`/whatsapp/${conn.id}`),
  ]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  }
  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, conn.id));
  expect(row.name).toBe('Da empresa');
});

test('a profile user with allowConnections is a connection manager: writes and sees the token (spec 2 §2)', async () => {
  const { admin, conn } = await companyWithConnection();
  const api = await t.as(await t.factory.user({ companyId: admin.companyId, allowConnections: 'enabled' }));
  expect((await api.get(`/whatsapp/${conn.id}`)).json().token).toBe(conn.token);
  const res = await api.put(`/whatsapp/${conn.id}`, { name: 'Renomeada' });
  expect(res.statusCode).toBe(200);
  expect(res.json().name).toBe('Renomeada');
});

test('another company admin gets 404 on this company connection ids and never sees them listed', async () => {
  const { admin: owner, conn } = await companyWithConnection();
  const stranger = await t.factory.admin();
  const api = await t.as(stranger);
  const mark = t.sent.length;
  for (const res of [
    await api.get(`/whatsapp/${conn.id}`),
    await api.put(`/whatsapp/${conn.id}`, { name: 'Roubada' }),
    await api.delete(`/whatsapp/${conn.id}`),
  ]) {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  }
  expect((await api.get('/whatsapp', { companyId: String(owner.companyId) })).json()).toEqual([]);
  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, conn.id));
  expect(row.name).toBe('Da empresa');
  // The refused update and delete announced nothing: no event to the stranger's company, no rename or deletion
  // to the owner's (the routes answer after their commit hooks have emitted).
  const after = t.sent.slice(mark);
  expect(after.filter((e) => e.companyId === stranger.companyId)).toEqual([]);
  expect(
    after.filter((e) => JSON.stringify(e.payload).includes('Roubada') || (e.payload as { action?: string }).action === 'delete'),
  ).toEqual([]);
});

test('queues of another company cannot be linked (404) and nothing is created', async () => {
  const admin = await t.factory.admin();
  const foreign = await t.factory.queue((await t.factory.admin()).companyId);
  const res = await (await t.as(admin)).post('/whatsapp', { name: 'Com fila alheia', queueIds: [foreign.id] });
  expect(res.statusCode).toBe(404);
  expect(await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId))).toEqual([]);
});

test('writes need a valid subscription; reads keep working for the inbox', async () => {
  const { admin, conn } = await companyWithConnection();
  await t.database.db.update(companies).set({ dueDate: '2000-01-01' }).where(eq(companies.id, admin.companyId));
  const api = await t.as(admin);
  expect((await api.post('/whatsapp', { name: 'Vencida' })).statusCode).toBe(402);
  expect((await api.get('/whatsapp')).statusCode).toBe(200);
  expect((await api.get(`/whatsapp/${conn.id}`)).statusCode).toBe(200);
});

test('a malformed id is a 400, not a 500', async () => {
  const api = await t.as(await t.factory.admin());
  expect((await api.get('/whatsapp/abc')).statusCode).toBe(400);
  expect((await api.put('/whatsapp/0', { name: 'Zero' })).statusCode).toBe(400);
});
