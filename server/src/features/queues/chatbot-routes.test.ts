import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { queueOptions } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

async function queueWithMenu() {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const queue = (
    await api.post('/queue', {
      name: 'Vendas',
      color: '#123456',
      chatbots: [{ name: 'Comercial', greetingMessage: 'Escolha', options: [{ name: 'Planos' }] }, { name: 'Financeiro' }],
    })
  ).json();
  return { admin, api, queue };
}

test('GET /chatbot lists the trees (all, or one queue) and GET /chatbot/:id one option with its children', async () => {
  const { api, queue } = await queueWithMenu();
  const all = (await api.get('/chatbot')).json();
  expect(all).toEqual(queue.chatbots);
  expect((await api.get('/chatbot', { queueId: String(queue.id) })).json()).toEqual(queue.chatbots);
  const one = await api.get(`/chatbot/${queue.chatbots[0].id}`);
  expect(one.statusCode).toBe(200);
  expect(one.json()).toEqual(queue.chatbots[0]);
});

test('POST /chatbot appends an option under a queue or an option; PUT changes it; DELETE removes its sub-menu', async () => {
  const { admin, api, queue } = await queueWithMenu();
  const [commercial] = queue.chatbots;
  const created = await api.post('/chatbot', {
    queueId: queue.id,
    parentId: commercial.id,
    name: 'Promoções',
    options: [{ name: 'Ofertas' }],
    greetingMessage: 'Veja',
  });
  expect(created.statusCode).toBe(200);
  expect(created.json()).toMatchObject({ name: 'Promoções', parentId: commercial.id, position: 1, options: [{ name: 'Ofertas' }] });
  const event = t.sent.filter((e) => e.event === `company-${admin.companyId}-queue`).at(-1)!;
  expect((event.payload as { queue: { chatbots: { options: unknown[] }[] } }).queue.chatbots[0].options).toHaveLength(2);

  const put = await api.put(`/chatbot/${created.json().id}`, { name: 'Promoções da semana', options: [] });
  expect(put.statusCode).toBe(200);
  expect(put.json()).toMatchObject({ name: 'Promoções da semana', options: [] });

  const emptied = await api.put(`/chatbot/${commercial.id}`, { greetingMessage: '' });
  expect(emptied.statusCode).toBe(400);
  expect(emptied.json().fields).toEqual([expect.objectContaining({ field: 'greetingMessage', key: 'validation.required' })]);

  expect((await api.delete(`/chatbot/${commercial.id}`)).statusCode).toBe(200);
  const left = await t.database.db.select().from(queueOptions).where(eq(queueOptions.queueId, queue.id));
  expect(left.map((r) => r.name)).toEqual(['Financeiro']);
});

test('POST /chatbot checks its fields: name length, queue of the company, parent that can hold a sub-menu', async () => {
  const { api, queue } = await queueWithMenu();
  const short = await api.post('/chatbot', { queueId: queue.id, name: 'abc' });
  expect(short.json().fields).toEqual([expect.objectContaining({ field: 'name', key: 'validation.tooShort' })]);
  const other = await t.factory.admin();
  const foreign = await t.factory.queue(other.companyId);
  const foreignQueue = await api.post('/chatbot', { queueId: foreign.id, name: 'Opção' });
  expect(foreignQueue.json().fields).toEqual([expect.objectContaining({ field: 'queueId', key: 'validation.invalid' })]);
  const leafParent = await api.post('/chatbot', { queueId: queue.id, parentId: queue.chatbots[1].id, name: 'Opção' });
  expect(leafParent.json().fields).toEqual([expect.objectContaining({ field: 'parentId', key: 'validation.required' })]);
});

test('another company admin gets 404 on every /chatbot/:id and sees none of the options', async () => {
  const { queue } = await queueWithMenu();
  const id = queue.chatbots[0].id;
  const stranger = await t.as(await t.factory.admin());
  for (const res of [
    await stranger.get(`/chatbot/${id}`),
    await stranger.put(`/chatbot/${id}`, { name: 'Invadido' }),
    await stranger.delete(`/chatbot/${id}`),
  ])
    expect(res.statusCode).toBe(404);
  expect((await stranger.get('/chatbot')).json()).toEqual([]);
  const [row] = await t.database.db.select().from(queueOptions).where(eq(queueOptions.id, id));
  expect(row.name).toBe('Comercial');
});

test('a profile user gets 403 on every /chatbot route', async () => {
  const { admin, queue } = await queueWithMenu();
  const api = await t.as(await t.factory.user({ companyId: admin.companyId }));
  const id = queue.chatbots[0].id;
  for (const res of [
    await api.get('/chatbot'),
    await api.get(`/chatbot/${id}`),
    await api.post('/chatbot', { queueId: queue.id, name: 'Opção' }),
    await api.put(`/chatbot/${id}`, { name: 'Mudada' }),
    await api.delete(`/chatbot/${id}`),
  ]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  }
});
