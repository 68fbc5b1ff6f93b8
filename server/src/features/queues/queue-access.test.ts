import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { queues } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { existingQueueIds } from './service';

const t = useTestApp();

test('without a session every queue route is 401', async () => {
  for (const res of [
    await t.anon.get('/queue'),
    await t.anon.get('/queue/1'),
    await t.anon.post('/queue', { name: 'Fila', color: '#ffffff' }),
    await t.anon.put('/queue/1', { name: 'Fila' }),
    await t.anon.delete('/queue/1'),
  ])
    expect(res.statusCode).toBe(401);
});

test('a profile user may list queues but gets 403 on everything else', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId, { name: 'Intocada' });
  const api = await t.as(await t.factory.user({ companyId: admin.companyId }));
  expect((await api.get('/queue')).statusCode).toBe(200);
  for (const res of [
    await api.get(`/queue/${queue.id}`),
    await api.post('/queue', { name: 'Fila', color: '#ffffff' }),
    await api.put(`/queue/${queue.id}`, { name: 'Mudada' }),
    await api.delete(`/queue/${queue.id}`),
  ]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  }
  const [row] = await t.database.db.select().from(queues).where(eq(queues.id, queue.id));
  expect(row.name).toBe('Intocada');
});

test('another company admin gets 404 on this company queue ids and never sees its queues', async () => {
  const owner = await t.factory.admin();
  const queue = await t.factory.queue(owner.companyId, { name: 'Privada' });
  const stranger = await t.factory.admin();
  const api = await t.as(stranger);
  for (const res of [
    await api.get(`/queue/${queue.id}`),
    await api.put(`/queue/${queue.id}`, { name: 'Roubada' }),
    await api.delete(`/queue/${queue.id}`),
  ]) {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
  }
  expect((await api.get('/queue')).json()).toEqual([]);
  const [row] = await t.database.db.select().from(queues).where(eq(queues.id, queue.id));
  expect(row.name).toBe('Privada');
  expect(t.sent.filter((e) => e.event === `company-${owner.companyId}-queue`)).toEqual([]);
});

test('a super user of another company is not let into this company queues either', async () => {
  const owner = await t.factory.admin();
  const queue = await t.factory.queue(owner.companyId);
  const api = await t.as(await t.factory.superUser());
  expect((await api.get(`/queue/${queue.id}`)).statusCode).toBe(404);
  expect((await api.get('/queue')).json().some((q: { id: number }) => q.id === queue.id)).toBe(false);
});

test('a malformed id is a 400, not a 500', async () => {
  const api = await t.as(await t.factory.admin());
  const res = await api.get('/queue/abc');
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe('ERR_VALIDATION');
});

test('existingQueueIds keeps only the company own queue ids', async () => {
  const admin = await t.factory.admin();
  const mine = await t.factory.queue(admin.companyId);
  const theirs = await t.factory.queue((await t.factory.admin()).companyId);
  expect(await existingQueueIds(t.database.db, admin.companyId, [mine.id, theirs.id, 999999])).toEqual([mine.id]);
  expect(await existingQueueIds(t.database.db, admin.companyId, [])).toEqual([]);
});

test("a queue cannot point at another company's integration or file list (404, nothing saved); its own are accepted", async () => {
  const owner = await t.factory.admin();
  const queue = await t.factory.queue(owner.companyId, { name: 'Com bot' });
  const stranger = await t.factory.admin();
  const theirs = await t.as(stranger);
  const theirIntegration = (
    await theirs.post('/queueIntegration', { type: 'webhook', name: 'Deles', urlN8N: 'http://127.0.0.1:9/x' })
  ).json();
  const theirList = (await theirs.post('/files', { name: 'Lista deles', message: 'Arquivos', options: [] })).json();
  const api = await t.as(owner);
  for (const body of [{ integrationId: theirIntegration.id }, { fileListId: theirList.id }]) {
    const res = await api.put(`/queue/${queue.id}`, body);
    expect(res.statusCode).toBe(404);
  }
  const [row] = await t.database.db.select().from(queues).where(eq(queues.id, queue.id));
  expect(row).toMatchObject({ integrationId: null, fileListId: null });
  const mine = (await api.post('/queueIntegration', { type: 'webhook', name: 'Nosso', urlN8N: 'http://127.0.0.1:9/y' })).json();
  const saved = await api.put(`/queue/${queue.id}`, { integrationId: mine.id });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().integrationId).toBe(mine.id);
});
