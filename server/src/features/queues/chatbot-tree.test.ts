import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { fileLists, queueOptions } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const fieldsOf = (res: { json(): { fields: { field: string; key: string }[] } }) => res.json().fields.map((f) => [f.field, f.key]);

/** A three-level menu using every type the editor offers. */
async function menuFor(companyId: number) {
  const support = await t.factory.queue(companyId, { name: 'Suporte' });
  const attendant = await t.factory.user({ companyId });
  const [files] = await t.database.db.insert(fileLists).values({ companyId, name: 'Catálogo', message: 'Segue' }).returning();
  const chatbots = [
    {
      name: 'Comercial',
      greetingMessage: 'Escolha o assunto',
      options: [
        { name: 'Catálogo', queueType: 'file', optFileId: files.id },
        {
          name: 'Planos',
          greetingMessage: 'Qual plano?',
          options: [{ name: 'Falar com vendedor', queueType: 'attendent', optUserId: attendant.id, closeTicket: false }],
        },
      ],
    },
    { name: 'Suporte técnico', queueType: 'queue', optQueueId: support.id },
    { name: 'Encerrar', closeTicket: true },
  ];
  return { chatbots, support, attendant, files };
}

test('POST /queue stores the nested chatbot tree and GET /queue/:id answers it in menu order', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const { chatbots, support, attendant, files } = await menuFor(admin.companyId);
  const res = await api.post('/queue', { name: 'Vendas', color: '#123456', greetingMessage: 'Olá', chatbots });
  expect(res.statusCode).toBe(200);
  const got = (await api.get(`/queue/${res.json().id}`)).json();
  expect(got.chatbots).toEqual(res.json().chatbots);
  expect(got.chatbots.map((o: { name: string }) => o.name)).toEqual(['Comercial', 'Suporte técnico', 'Encerrar']);
  const [commercial, supportOption, close] = got.chatbots;
  expect(commercial).toMatchObject({ queueType: 'text', greetingMessage: 'Escolha o assunto', parentId: null, position: 0 });
  expect(commercial.options[0]).toMatchObject({ name: 'Catálogo', queueType: 'file', optFileId: files.id, parentId: commercial.id });
  expect(commercial.options[1].options[0]).toMatchObject({ name: 'Falar com vendedor', queueType: 'attendent', optUserId: attendant.id });
  expect(supportOption).toMatchObject({ queueType: 'queue', optQueueId: support.id, options: [] });
  expect(close).toMatchObject({ closeTicket: true, position: 2 });
  const rows = await t.database.db.select().from(queueOptions).where(eq(queueOptions.queueId, got.id));
  expect(rows).toHaveLength(6);
  expect(rows.every((r) => r.companyId === admin.companyId)).toBe(true);
  const event = t.sent.filter((e) => e.event === `company-${admin.companyId}-queue`).at(-1);
  expect(event?.payload).toEqual({ action: 'create', queue: res.json() });
});

test('PUT /queue keeps the ids of options sent back, adds new ones and deletes the ones left out', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const { chatbots } = await menuFor(admin.companyId);
  const queue = (await api.post('/queue', { name: 'Vendas', color: '#123456', greetingMessage: 'Olá', chatbots })).json();
  const [commercial, , close] = queue.chatbots;
  const edited = [
    { ...close, name: 'Sair agora' },
    { id: commercial.id, name: 'Comercial', greetingMessage: 'Escolha', options: [{ name: 'Novo item' }] },
  ];
  const res = await api.put(`/queue/${queue.id}`, { chatbots: edited });
  expect(res.statusCode).toBe(200);
  const tree = res.json().chatbots;
  expect(tree.map((o: { id: number; name: string }) => [o.id, o.name])).toEqual([
    [close.id, 'Sair agora'],
    [commercial.id, 'Comercial'],
  ]);
  expect(tree[1].options.map((o: { name: string }) => o.name)).toEqual(['Novo item']);
  const rows = await t.database.db.select().from(queueOptions).where(eq(queueOptions.queueId, queue.id));
  expect(rows).toHaveLength(3);
  // An update without chatbots leaves the tree alone.
  expect((await api.put(`/queue/${queue.id}`, { name: 'Vendas 2' })).json().chatbots).toEqual(tree);
});

test('the chatbot validation messages: name required and at least 4 characters, a message to go down, a target per type', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const res = await api.post('/queue', {
    name: 'Vendas',
    color: '#123456',
    chatbots: [
      { name: '' },
      { name: 'abc' },
      { name: 'Sem mensagem', options: [{ name: 'Filho' }] },
      { name: 'Atendente', queueType: 'attendent' },
      { name: 'Integração', queueType: 'integration' },
    ],
  });
  expect(res.statusCode).toBe(400);
  expect(fieldsOf(res)).toEqual([
    ['chatbots.0.name', 'validation.required'],
    ['chatbots.1.name', 'validation.tooShort'],
    ['chatbots.2.greetingMessage', 'validation.required'],
    ['chatbots.3.optUserId', 'validation.required'],
    ['chatbots.4.optIntegrationId', 'validation.required'],
  ]);
  expect(res.json().fields[1].message).toBe('Muito curto!');
});

test('targets of another company are refused on their field, never linked', async () => {
  const admin = await t.factory.admin();
  const stranger = await t.factory.admin();
  const foreignQueue = await t.factory.queue(stranger.companyId);
  const res = await (await t.as(admin)).post('/queue', {
    name: 'Vendas',
    color: '#123456',
    chatbots: [
      { name: 'Outra fila', queueType: 'queue', optQueueId: foreignQueue.id },
      { name: 'Outro atendente', queueType: 'attendent', optUserId: stranger.id },
    ],
  });
  expect(res.statusCode).toBe(400);
  expect(fieldsOf(res)).toEqual([
    ['chatbots.0.optQueueId', 'validation.invalid'],
    ['chatbots.1.optUserId', 'validation.invalid'],
  ]);
  expect(await t.database.db.select().from(queueOptions).where(eq(queueOptions.companyId, admin.companyId))).toEqual([]);
});

test('a menu deeper than five levels is refused', async () => {
  const admin = await t.factory.admin();
  let option: Record<string, unknown> = { name: 'Folha' };
  for (let level = 0; level < 5; level++) option = { name: `Nível ${level}`, greetingMessage: 'Escolha', options: [option] };
  const res = await (await t.as(admin)).post('/queue', { name: 'Vendas', color: '#123456', chatbots: [option] });
  expect(res.statusCode).toBe(400);
  expect(fieldsOf(res)).toEqual([['chatbots', 'validation.tooLong']]);
});
