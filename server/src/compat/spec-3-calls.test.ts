import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';

/**
 * Compatibility with spec 3 §7 "The calls it makes" (automation and engagement): each call as the spec
 * writes it answers in the shape its clients read.
 */
const t = useTestApp();

const keysOf = (value: unknown) => Object.keys(value as object);
const ids = (list: { id: number }[]) => list.map((x) => x.id);

async function company() {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const connection = await simulatorConnection(t, admin, { queueIds: [queue.id] });
  const api = await t.as(admin);
  return { admin, api, queue, connection };
}

describe('spec 3 §7 Campaigns and contact lists', () => {
  test('contact lists: GET /contact-lists/ → records, hasMore; /contact-lists/list; CRUD; items → contacts, hasMore', async () => {
    const { api } = await company();
    const list = (await api.post('/contact-lists', { name: 'Clientes VIP' })).json();
    expect(keysOf((await api.get('/contact-lists/', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['records', 'hasMore']),
    );
    expect(ids((await api.get('/contact-lists/list')).json())).toContain(list.id);
    expect((await api.get(`/contact-lists/${list.id}`)).json().name).toBe('Clientes VIP');
    expect((await api.put(`/contact-lists/${list.id}`, { name: 'Clientes Ouro' })).json().name).toBe('Clientes Ouro');
    const item = await api.post('/contact-list-items', { name: 'Fábio', number: customerNumber(), email: '', contactListId: list.id });
    expect(item.statusCode, item.body).toBe(200);
    const items = (await api.get('/contact-list-items', { searchParam: '', pageNumber: '1', contactListId: String(list.id) })).json();
    expect(keysOf(items)).toEqual(expect.arrayContaining(['contacts', 'hasMore']));
    expect(ids(items.contacts)).toEqual([item.json().id]);
    expect((await api.get(`/contact-list-items/${item.json().id}`)).json().name).toBe('Fábio');
    expect((await api.put(`/contact-list-items/${item.json().id}`, { name: 'Fábio S.' })).json().name).toBe('Fábio S.');
    expect((await api.delete(`/contact-list-items/${item.json().id}`)).statusCode).toBe(200);
    expect((await api.delete(`/contact-lists/${list.id}`)).statusCode).toBe(200);
  });

  test('campaigns: GET /campaigns/ → records, hasMore; POST, GET, PUT /campaigns/{id}; DELETE; campaign-settings', async () => {
    const { api, connection } = await company();
    const list = (await api.post('/contact-lists', { name: 'Lista da campanha' })).json();
    const form = {
      name: 'Black Friday',
      message1: 'Ofertas de hoje, {nome}!',
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const created = await api.post('/campaigns', form);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(keysOf((await api.get('/campaigns/', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['records', 'hasMore']),
    );
    expect((await api.get(`/campaigns/${id}`)).json()).toMatchObject({ id, name: 'Black Friday', status: 'PROGRAMADA' });
    // The dialog sends the whole form back.
    expect((await api.put(`/campaigns/${id}`, { ...form, name: 'Black Friday 2' })).json().name).toBe('Black Friday 2');
    expect((await api.delete(`/campaigns/${id}`)).statusCode).toBe(200);
    expect(Array.isArray((await api.get('/campaign-settings')).json())).toBe(true);
    expect((await api.post('/campaign-settings', { settings: { messageInterval: 20 } })).statusCode).toBe(200);
  });
});

describe('spec 3 §7 Schedules and quick messages', () => {
  test('schedules: POST with the spec payload; GET /schedules → schedules, hasMore; GET, PUT, DELETE /schedules/{id}', async () => {
    const { admin, api, queue, connection } = await company();
    const contact = (await api.post('/contacts', { name: 'Gabi', number: customerNumber(), email: '' })).json();
    const created = await api.post('/schedules', {
      body: 'Lembrete da sua consulta',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      userId: admin.id,
      whatsappId: connection.id,
      ticketUserId: admin.id,
      queueId: queue.id,
      openTicket: 'enabled',
      statusTicket: 'open',
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(keysOf((await api.get('/schedules', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['schedules', 'hasMore']),
    );
    expect((await api.get(`/schedules/${id}`)).json()).toMatchObject({ id, contactId: contact.id });
    expect((await api.put(`/schedules/${id}`, { body: 'Lembrete alterado' })).json().body).toBe('Lembrete alterado');
    expect((await api.delete(`/schedules/${id}`)).statusCode).toBe(200);
    expect(keysOf((await api.get('/users/')).json())).toContain('users');
  });

  test('quick messages: GET /quick-messages → records, hasMore; GET, PUT, DELETE /quick-messages/{id}', async () => {
    const { api } = await company();
    const created = (await api.post('/quick-messages', { shortcode: 'preco', message: 'Nossa tabela de preços', geral: true })).json();
    expect(keysOf((await api.get('/quick-messages', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['records', 'hasMore']),
    );
    expect((await api.get(`/quick-messages/${created.id}`)).json().shortcode).toBe('preco');
    expect((await api.put(`/quick-messages/${created.id}`, { shortcode: 'precos', message: 'Tabela' })).json().shortcode).toBe('precos');
    expect((await api.delete(`/quick-messages/${created.id}`)).statusCode).toBe(200);
  });
});

describe('spec 3 §7 Tags and kanban', () => {
  test('GET /tags/ → tags, hasMore; GET /tags/{id}; POST and PUT with userId; DELETE /tags-contacts; DELETE /tags/{id}', async () => {
    const { admin, api } = await company();
    const tag = (await api.post('/tags', { name: `Revenda ${customerNumber()}`, color: '#123456', kanban: 0, userId: admin.id })).json();
    expect(keysOf((await api.get('/tags/', { searchParam: '', pageNumber: '1', kanban: '0' })).json())).toEqual(
      expect.arrayContaining(['tags', 'hasMore']),
    );
    expect((await api.get(`/tags/${tag.id}`)).json().id).toBe(tag.id);
    expect((await api.put(`/tags/${tag.id}`, { name: 'Revenda Sul', color: '#654321', userId: admin.id })).json().name).toBe('Revenda Sul');
    const contact = (await api.post('/contacts', { name: 'Hugo', number: customerNumber(), email: '' })).json();
    await api.post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] });
    expect((await api.delete(`/tags-contacts/${tag.id}/${contact.id}`)).statusCode).toBe(200);
    expect((await api.get(`/contactTags/${contact.id}`)).json()).toEqual([]);
    expect((await api.delete(`/tags/${tag.id}`)).statusCode).toBe(200);
  });

  test('GET /tag/kanban/ → lista; GET /ticket/kanban with queueIds, startDate, endDate → tickets', async () => {
    const { api, connection, queue } = await company();
    await customerOf(t, connection).send({ from: customerNumber(), name: 'Iara', body: 'Olá' });
    await t.jobs.drain();
    expect(keysOf((await api.get('/tag/kanban/')).json())).toContain('lista');
    const today = new Date().toISOString().slice(0, 10);
    const board = (await api.get('/ticket/kanban', { queueIds: JSON.stringify([queue.id]), startDate: today, endDate: today })).json();
    expect(keysOf(board)).toContain('tickets');
  });
});

describe('spec 3 §7 Announcements and internal chat', () => {
  test('announcements: GET /announcements/ → records, hasMore; GET, POST, PUT; DELETE', async () => {
    const operator = await t.as(await t.factory.superUser());
    const created = (
      await operator.post('/announcements', { title: 'Manutenção', text: 'Domingo às 22h', priority: 1, status: true })
    ).json();
    expect(keysOf((await operator.get('/announcements/', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['records', 'hasMore']),
    );
    expect((await operator.get(`/announcements/${created.id}`)).json().title).toBe('Manutenção');
    expect(
      (await operator.put(`/announcements/${created.id}`, { title: 'Manutenção adiada', text: 'Segunda', priority: 2 })).statusCode,
    ).toBe(200);
    expect((await operator.delete(`/announcements/${created.id}`)).statusCode).toBe(200);
  });

  test('chats: GET /chats → records, hasMore; POST {users, title}; PUT; read {userId}; messages; DELETE', async () => {
    const { admin, api } = await company();
    const colleague = await t.factory.user({ companyId: admin.companyId });
    const chat = await api.post('/chats', { users: [{ id: colleague.id }], title: 'Plantão' });
    expect(chat.statusCode, chat.body).toBe(200);
    const id = chat.json().id as number;
    expect(keysOf((await api.get('/chats', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['records', 'hasMore']),
    );
    expect((await api.put(`/chats/${id}`, { users: [{ id: colleague.id }], title: 'Plantão de sábado' })).statusCode).toBe(200);
    expect((await api.post(`/chats/${id}/messages`, { message: 'Quem cobre às 14h?' })).statusCode).toBe(200);
    const messages = (await api.get(`/chats/${id}/messages`, { pageNumber: '1' })).json();
    expect(keysOf(messages)).toEqual(expect.arrayContaining(['records', 'hasMore']));
    expect((await api.post(`/chats/${id}/read`, { userId: admin.id })).statusCode).toBe(200);
    expect((await api.delete(`/chats/${id}`)).statusCode).toBe(200);
  });
});

describe('spec 3 §7 File lists, external API, helps, password reset', () => {
  test('file lists: GET /files/ → files, hasMore; POST with userId; GET, PUT, DELETE /files/{id}', async () => {
    const { admin, api } = await company();
    const created = await api.post('/files', { name: 'Catálogo', message: 'Veja nosso catálogo', options: [], userId: admin.id });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(keysOf((await api.get('/files/', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['files', 'hasMore']),
    );
    expect((await api.get(`/files/${id}`)).json().name).toBe('Catálogo');
    expect((await api.put(`/files/${id}`, { name: 'Catálogo 2026', message: 'Novo', options: [] })).json().name).toBe('Catálogo 2026');
    expect((await api.delete(`/files/${id}`)).statusCode).toBe(200);
  });

  test('POST /api/messages/send with the connection token as Bearer and the spec JSON body', async () => {
    const { connection } = await company();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${connection.token}` },
      payload: { number: customerNumber(), body: 'Seu pedido saiu para entrega', sendSignature: false, closeTicket: false },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('POST /forgetpassword/{email}: 404 for an unknown e-mail; POST /resetpasswords/{email}/{token}/{newPassword} refuses a wrong token', async () => {
    expect((await t.anon.post('/forgetpassword/ninguem@nowhere.test')).statusCode).toBe(404);
    const user = await t.factory.user();
    const reset = await t.anon.post(`/resetpasswords/${user.email}/000000/NovaSenha123`);
    expect(reset.statusCode).toBeGreaterThanOrEqual(400);
    expect(reset.statusCode).toBeLessThan(500);
  });
});

describe('spec 3 §7 Prompts and integrations', () => {
  test('GET /prompt → prompts; POST, GET, PUT, DELETE /prompt/{id}; the API key is never echoed', async () => {
    const { api, queue } = await company();
    const form = {
      name: 'Assistente de vendas',
      apiKey: 'sk-test-secret',
      prompt: 'Você é um assistente de vendas cordial que responde dúvidas sobre os produtos da loja.',
      queueId: queue.id,
      voice: 'texto',
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
    };
    const created = await api.post('/prompt', form);
    expect(created.statusCode, created.body).toBe(200);
    expect(JSON.stringify(created.json())).not.toContain('sk-test-secret');
    const id = created.json().id as number;
    expect(keysOf((await api.get('/prompt')).json())).toContain('prompts');
    expect((await api.get(`/prompt/${id}`)).json()).toMatchObject({ id, name: 'Assistente de vendas', queueId: queue.id });
    // The modal sends the whole form back; an empty key keeps the stored one.
    const put = await api.put(`/prompt/${id}`, { ...form, apiKey: '', maxTokens: 200 });
    expect(put.statusCode, put.body).toBe(200);
    expect(JSON.stringify(put.json())).not.toContain('sk-test-secret');
    expect((await api.delete(`/prompt/${id}`)).statusCode).toBe(200);
  });

  test('GET /queueIntegration/ → queueIntegrations, hasMore; POST, GET, PUT, DELETE /queueIntegration/{id}', async () => {
    const { api } = await company();
    const created = await api.post('/queueIntegration', { type: 'webhook', name: 'ERP', urlN8N: 'http://127.0.0.1:9/hook' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(keysOf((await api.get('/queueIntegration/', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['queueIntegrations', 'hasMore']),
    );
    expect((await api.get(`/queueIntegration/${id}`)).json()).toMatchObject({ id, type: 'webhook', name: 'ERP' });
    expect(
      (await api.put(`/queueIntegration/${id}`, { type: 'webhook', name: 'ERP 2', urlN8N: 'http://127.0.0.1:9/hook' })).statusCode,
    ).toBe(200);
    expect((await api.delete(`/queueIntegration/${id}`)).statusCode).toBe(200);
  });
});

describe('spec 3 §7 Flow builder and flow campaigns', () => {
  test('GET /flowbuilder → flows, hasMore; POST {name}; PUT {name, flowId}; duplicate; flow/{id}; save; DELETE', async () => {
    const { api } = await company();
    const created = await api.post('/flowbuilder', { name: 'Boas-vindas' });
    expect(created.statusCode, created.body).toBe(200);
    const flowId = (created.json().id ?? created.json().flow?.id) as number;
    expect(keysOf((await api.get('/flowbuilder', { search: '', page: '1' })).json())).toEqual(expect.arrayContaining(['flows', 'hasMore']));
    expect((await api.put('/flowbuilder', { name: 'Boas-vindas 2', flowId })).statusCode).toBe(200);
    expect((await api.get(`/flowbuilder/flow/${flowId}`)).json().flow).toMatchObject({ id: flowId, flow: null });
    const start = { id: 'a'.repeat(30), position: { x: 0, y: 0 }, type: 'start', data: { label: 'Inicio do fluxo' } };
    expect((await api.post('/flowbuilder/flow', { idFlow: flowId, nodes: [start], connections: [] })).statusCode).toBe(200);
    expect((await api.get(`/flowbuilder/flow/${flowId}`)).json().flow.flow.nodes).toHaveLength(1);
    expect((await api.post('/flowbuilder/duplicate', { flowId })).statusCode).toBe(200);
    expect((await api.delete(`/flowbuilder/${flowId}`)).statusCode).toBe(200);
  });

  test('flow campaigns: POST {name, flowId, whatsappId, phrase}; GET list and one; PUT with status; DELETE', async () => {
    const { api, connection } = await company();
    const flowId = (await api.post('/flowbuilder', { name: 'Promoção' })).json().id as number;
    const created = await api.post('/flowcampaign', { name: 'Frase promo', flowId, whatsappId: connection.id, phrase: 'quero a promoção' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect((await api.get('/flowcampaign')).statusCode).toBe(200);
    expect(keysOf((await api.get(`/flowcampaign/${id}`)).json())).toEqual(expect.arrayContaining(['name', 'phrase', 'status', 'flowId']));
    const put = await api.put('/flowcampaign', {
      id,
      name: 'Frase promo',
      flowId,
      whatsappId: connection.id,
      phrase: 'promoção',
      status: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api.delete(`/flowcampaign/${id}`)).statusCode).toBe(200);
  });
});
