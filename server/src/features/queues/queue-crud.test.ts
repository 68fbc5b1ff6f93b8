import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { queues, userQueues } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const eventsOf = (companyId: number) => t.sent.filter((e) => e.event === `company-${companyId}-queue`);

test('an admin creates a queue: stored, answered with the whitelisted view, announced after commit', async () => {
  const admin = await t.factory.admin();
  const res = await (await t.as(admin)).post('/queue', {
    name: 'Vendas',
    color: '#FF0000',
    orderQueue: 2,
    greetingMessage: 'Bem-vindo',
    tempoRoteador: 15,
    ativarRoteador: true,
    closeTicket: true,
    chatbots: [{ name: 'Comercial' }],
    companyId: 999,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({
    name: 'Vendas',
    color: '#FF0000',
    orderQueue: 2,
    greetingMessage: 'Bem-vindo',
    outOfHoursMessage: '',
    tempoRoteador: '15',
    ativarRoteador: true,
    closeTicket: true,
    integrationId: null,
    fileListId: null,
    schedules: [],
    companyId: admin.companyId,
  });
  expect(body.chatbots).toEqual([expect.objectContaining({ name: 'Comercial', queueType: 'text', options: [] })]);
  expect(Object.keys(body).sort()).toEqual([
    'ativarRoteador',
    'chatbots',
    'closeTicket',
    'color',
    'companyId',
    'createdAt',
    'fileListId',
    'greetingMessage',
    'hasToken',
    'id',
    'integrationId',
    'name',
    'orderQueue',
    'outOfHoursMessage',
    'schedules',
    'tempoRoteador',
    'updatedAt',
  ]);
  const [row] = await t.database.db.select().from(queues).where(eq(queues.id, body.id));
  expect(row).toMatchObject({ companyId: admin.companyId, name: 'Vendas', tempoRoteador: 15 });
  expect(eventsOf(admin.companyId).at(-1)?.payload).toEqual({ action: 'create', queue: body });
});

test('schedules are stored when sent, with the out-of-hours message', async () => {
  const admin = await t.factory.admin();
  const schedules = [
    { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' },
    { weekday: 'Domingo', weekdayEn: 'sunday' },
  ];
  const res = await (await t.as(admin)).post('/queue', { name: 'Suporte', color: '#00ff00', schedules, outOfHoursMessage: 'Fechado' });
  expect(res.statusCode).toBe(200);
  const [row] = await t.database.db.select().from(queues).where(eq(queues.id, res.json().id));
  expect(row.schedules).toEqual([
    schedules[0],
    { weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
  ]);
  expect(res.json().schedules).toEqual(row.schedules);
});

test('GET /queue lists the company queues by order then name; every user of the company may read it', async () => {
  const admin = await t.factory.admin();
  const c = admin.companyId;
  await t.factory.queue(c, { name: 'Zeta', orderQueue: 1 });
  await t.factory.queue(c, { name: 'Beta', orderQueue: 2 });
  await t.factory.queue(c, { name: 'Alfa', orderQueue: 2 });
  await t.factory.queue(c, { name: 'Sem ordem', orderQueue: null });
  const other = await t.factory.admin();
  await t.factory.queue(other.companyId, { name: 'Foreign' });

  const user = await t.factory.user({ companyId: c });
  for (const who of [admin, user]) {
    const res = await (await t.as(who)).get('/queue');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((q: { name: string }) => q.name)).toEqual(['Zeta', 'Alfa', 'Beta', 'Sem ordem']);
  }
});

test('GET /queue/:id answers one queue of the company', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId, { name: 'Financeiro' });
  const res = await (await t.as(admin)).get(`/queue/${queue.id}`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ id: queue.id, name: 'Financeiro', color: queue.color });
});

test('PUT /queue/:id changes only the sent fields and announces the update', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId, { name: 'Antigo', greetingMessage: 'Oi', orderQueue: 3 });
  const res = await (await t.as(admin)).put(`/queue/${queue.id}`, { name: 'Novo', color: '#123456' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ id: queue.id, name: 'Novo', color: '#123456', greetingMessage: 'Oi', orderQueue: 3 });
  const [row] = await t.database.db.select().from(queues).where(eq(queues.id, queue.id));
  expect(row).toMatchObject({ name: 'Novo', color: '#123456', greetingMessage: 'Oi', orderQueue: 3 });
  expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(queue.updatedAt.getTime());
  expect(eventsOf(admin.companyId).at(-1)?.payload).toEqual({ action: 'update', queue: res.json() });
});

test('a queue may keep its own colour and name on update', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId, { name: 'Mesmo', color: '#abcdef' });
  const res = await (await t.as(admin)).put(`/queue/${queue.id}`, { name: 'MESMO', color: '#ABCDEF', greetingMessage: 'Olá!' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ name: 'MESMO', color: '#ABCDEF', greetingMessage: 'Olá!' });
});

test('DELETE /queue/:id removes the queue and its user links and announces it', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const keep = await t.factory.queue(admin.companyId);
  const agent = await t.factory.user({ companyId: admin.companyId });
  await t.factory.addUserToQueue(agent.id, queue.id);
  await t.factory.addUserToQueue(agent.id, keep.id);

  const res = await (await t.as(admin)).delete(`/queue/${queue.id}`);
  expect(res.statusCode).toBe(200);
  expect(await t.database.db.select().from(queues).where(eq(queues.id, queue.id))).toEqual([]);
  const links = await t.database.db.select().from(userQueues).where(eq(userQueues.userId, agent.id));
  expect(links).toEqual([{ userId: agent.id, queueId: keep.id }]);
  expect(eventsOf(admin.companyId).at(-1)?.payload).toEqual({ action: 'delete', queueId: queue.id });
  expect((await (await t.as(admin)).get(`/queue/${queue.id}`)).statusCode).toBe(404);
});
