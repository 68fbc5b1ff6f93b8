import { describe, expect, test } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { useTestApp } from '../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';

/**
 * Compatibility with the spec's calls (spec 1 §7 "The calls it makes"): each call as the spec writes it
 * (path, method, parameter names) answers in the shape its clients read: the keys they name are there.
 * Other front ends and scripts of this product family call the server exactly so; later issues extend
 * this suite with the calls they add.
 */
const t = useTestApp();

const keysOf = (value: unknown) => Object.keys(value as object);

async function inbox() {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const connection = await simulatorConnection(t, admin, { queueIds: [queue.id] });
  // After the connection: every login ends the user's other session (one live session per user).
  const api = await t.as(admin);
  const from = customerNumber();
  const sent = (await customerOf(t, connection).send({ from, name: 'Ana', body: 'Olá' })).json();
  await t.jobs.drain();
  return { admin, api, queue, connection, from, ticketId: sent.ticketId as number };
}

describe('spec 1 §7 Auth and session', () => {
  test('POST /auth/login holds token and user with company, dueDate and companieSettings; refresh the same', async () => {
    const user = await t.factory.user();
    const login = await t.anon.post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(keysOf(login.json())).toEqual(expect.arrayContaining(['token', 'user']));
    expect(keysOf(login.json().user)).toEqual(expect.arrayContaining(['company', 'dueDate', 'companieSettings']));
    const cookie = login.cookies.find((c) => c.name === 'jrt')!.value;
    const refresh = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } });
    expect(keysOf(refresh.json())).toEqual(expect.arrayContaining(['token', 'user']));
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${refresh.json().token}` },
    });
    expect(logout.statusCode).toBe(200);
  });

  test('GET /version returns version; GET /plans/list and /helps/list answer lists; /companies/listPlan/{id} a plan', async () => {
    expect(keysOf((await t.anon.get('/version')).json())).toContain('version');
    expect(Array.isArray((await t.anon.get('/plans/list')).json())).toBe(true);
    const user = await t.factory.user();
    const api = await t.as(user);
    expect(Array.isArray((await api.get('/helps/list')).json())).toBe(true);
    expect(keysOf((await api.get(`/companies/listPlan/${user.companyId}`)).json())).toContain('plan');
  });

  test('GET /whatsapp/?session=0 returns the connection list', async () => {
    const { api, connection } = await inbox();
    const list = (await api.get('/whatsapp/', { session: '0' })).json();
    expect(list.map((c: { id: number }) => c.id)).toContain(connection.id);
  });
});

describe('spec 1 §7 Tickets', () => {
  test('GET /tickets with the spec params returns tickets, hasMore, count; GET /tickets/u/{uuid} the ticket with observations', async () => {
    const { api, ticketId } = await inbox();
    const page = await api.get('/tickets', { pageNumber: '1', status: 'pending', showAll: 'true', searchParam: '' });
    expect(keysOf(page.json())).toEqual(expect.arrayContaining(['tickets', 'hasMore', 'count']));
    expect(page.json().tickets.map((x: { id: number }) => x.id)).toContain(ticketId);
    const ticket = (await api.get(`/tickets/${ticketId}`)).json();
    const one = (await api.get(`/tickets/u/${ticket.uuid}`)).json();
    expect(one).toMatchObject({ id: ticketId, uuid: ticket.uuid, observations: null });
    await api.post('/ticket-notes', { note: 'Cliente prefere e-mail', ticketId, contactId: one.contact.id });
    expect((await api.get(`/tickets/u/${ticket.uuid}`)).json().observations).toBe('Cliente prefere e-mail');
    const notes = (await api.get('/ticket-notes/list', { ticketId: String(ticketId), contactId: String(one.contact.id) })).json();
    expect(notes.map((n: { note: string }) => n.note)).toEqual(['Cliente prefere e-mail']);
  });

  test('PUT /tickets/{id} with the spec body; GET /tickets-log/{ticketId}; POST /tickets returns id, uuid, queueId', async () => {
    const { admin, api, queue, connection, ticketId } = await inbox();
    const put = await api.put(`/tickets/${ticketId}`, { status: 'open', userId: admin.id, queueId: queue.id });
    expect(put.statusCode).toBe(200);
    expect(Array.isArray((await api.get(`/tickets-log/${ticketId}`)).json())).toBe(true);
    await api.put(`/tickets/${ticketId}`, { status: 'closed', userId: admin.id, queueId: queue.id, sendFarewellMessage: false });
    const contact = (await api.get(`/tickets/${ticketId}`)).json().contact;
    const created = await api.post('/tickets', {
      contactId: contact.id,
      userId: admin.id,
      status: 'open',
      queueId: queue.id,
      companyId: admin.companyId,
      whatsappId: connection.id,
    });
    expect(keysOf(created.json())).toEqual(expect.arrayContaining(['id', 'uuid', 'queueId']));
  });

  test('PUT /tickets/{id}: a transfer with msgTransfer null is a transfer without a message of its own', async () => {
    const { admin, api, queue, ticketId } = await inbox();
    const other = await t.factory.queue(admin.companyId);
    await api.put(`/tickets/${ticketId}`, { status: 'open', userId: admin.id, queueId: queue.id });
    const put = await api.put(`/tickets/${ticketId}`, { isTransfered: true, queueId: other.id, userId: null, msgTransfer: null });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api.get(`/tickets/${ticketId}`)).json().queueId).toBe(other.id);
  });

  test('PUT /ticket-tags/{ticketId}/{tagId} and DELETE /ticket-tags/{ticketId}', async () => {
    const { api, ticketId } = await inbox();
    const tag = (await api.post('/tags', { name: `VIP ${Date.now()}`, color: '#aa0000', kanban: 0 })).json();
    expect((await api.put(`/ticket-tags/${ticketId}/${tag.id}`)).json().tags.map((x: { id: number }) => x.id)).toEqual([tag.id]);
    expect((await api.delete(`/ticket-tags/${ticketId}`)).json().tags).toEqual([]);
  });
});

describe('spec 1 §7 Messages', () => {
  test('GET /messages/{ticketUuid} with pageNumber and selectedQueues returns messages, hasMore; POST /messages/{ticketId} as JSON', async () => {
    const { admin, api, queue, ticketId } = await inbox();
    await api.put(`/tickets/${ticketId}`, { status: 'open', userId: admin.id, queueId: queue.id });
    const uuid = (await api.get(`/tickets/${ticketId}`)).json().uuid;
    const reply = await api.post(`/messages/${ticketId}`, { read: 1, fromMe: true, mediaUrl: '', body: 'Oi, Ana!', quotedMsg: null });
    expect(reply.statusCode).toBe(200);
    const page = (await api.get(`/messages/${uuid}`, { pageNumber: '1', selectedQueues: JSON.stringify([queue.id]) })).json();
    expect(keysOf(page)).toEqual(expect.arrayContaining(['messages', 'hasMore']));
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(expect.arrayContaining(['Olá', 'Oi, Ana!']));
  });

  test('GET /messages-allMe with fromMe, dateStart, dateEnd returns count', async () => {
    const { api } = await inbox();
    const today = new Date().toISOString().slice(0, 10);
    const res = await api.get('/messages-allMe', { fromMe: 'false', dateStart: today, dateEnd: today });
    expect(keysOf(res.json())).toContain('count');
  });
});

describe('spec 1 §7 Contacts and tags', () => {
  test('GET /contacts returns contacts; /contacts/list; POST /contacts; the toggles answer their fields; profile/{number}', async () => {
    const { api, from } = await inbox();
    expect(keysOf((await api.get('/contacts', { searchParam: 'Ana' })).json())).toContain('contacts');
    expect(Array.isArray((await api.get('/contacts/list')).json())).toBe(true);
    const contact = (await api.post('/contacts', { name: 'Bruno', number: customerNumber(), email: '' })).json();
    expect(keysOf((await api.put(`/contacts/toggleAcceptAudio/${contact.id}`)).json())).toContain('acceptAudioMessage');
    expect(keysOf((await api.put(`/contacts/toggleDisableBot/${contact.id}`)).json())).toContain('disableBot');
    expect((await api.put(`/contacts/block/${contact.id}`, { active: false })).statusCode).toBe(200);
    expect(keysOf((await api.get(`/contacts/profile/${from}`)).json())).toEqual(expect.arrayContaining(['contactId', 'urlPicture']));
  });

  test('POST /tags/sync, GET /contactTags/{contactId}, GET /tags/list with kanban', async () => {
    const { api } = await inbox();
    const contact = (await api.post('/contacts', { name: 'Carla', number: customerNumber(), email: '' })).json();
    const tag = (await api.post('/tags', { name: `Lead ${Date.now()}`, color: '#00aa00', kanban: 0 })).json();
    expect((await api.post('/tags/sync', { contactId: contact.id, tags: [tag] })).statusCode).toBe(200);
    const contactTags = (await api.get(`/contactTags/${contact.id}`)).json();
    expect(JSON.stringify(contactTags)).toContain(String(tag.id));
    expect(Array.isArray((await api.get('/tags/list', { kanban: '1' })).json())).toBe(true);
  });

  test('GET /quick-messages/list with companyId and userId', async () => {
    const { admin, api } = await inbox();
    await api.post('/quick-messages', { shortcode: 'oi', message: 'Olá!', geral: true });
    const list = (await api.get('/quick-messages/list', { companyId: String(admin.companyId), userId: String(admin.id) })).json();
    expect(list.map((q: { shortcode: string; isMedia: boolean }) => [q.shortcode, q.isMedia])).toContainEqual(['oi', false]);
  });
});

describe('spec 1 §7 Users, settings, dashboard', () => {
  test('GET /users returns users; /users/list; /users/{id} with darkMode; GET /queue', async () => {
    const { admin, api } = await inbox();
    expect(keysOf((await api.get('/users/', { searchParam: '' })).json())).toContain('users');
    expect(Array.isArray((await api.get('/users/list')).json())).toBe(true);
    expect(keysOf((await api.get(`/users/${admin.id}`)).json())).toContain('darkMode');
    expect(Array.isArray((await api.get('/queue')).json())).toBe(true);
  });

  test('GET /companySettings/{id}, GET /companySettingOne?column=X as { X: value }, GET /settings, GET /setting/{key}', async () => {
    const { admin, api } = await inbox();
    expect(keysOf((await api.get(`/companySettings/${admin.companyId}`)).json())).toContain('userRating');
    expect(keysOf((await api.get('/companySettingOne', { column: 'userRating' })).json())).toContain('userRating');
    expect(Array.isArray((await api.get('/settings')).json())).toBe(true);
    expect(keysOf((await api.get('/setting/userRating')).json())).toEqual(expect.arrayContaining(['key', 'value']));
  });
});
