import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, settings, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { messageFactory } from './testing';

const t = useTestApp();
const mf = () => messageFactory(t.database.db);
const row = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];

async function setup(overrides = {}) {
  const admin = await t.factory.admin();
  const ticket = await mf().ticket(admin.companyId, { userId: admin.id, ...overrides });
  return { admin, ticket, api: await t.as(admin) };
}

describe('POST /messages/:ticketId (JSON)', () => {
  test('stores the message at ack 0, moves the ticket, tells the room and sends it through the connection', async () => {
    const { admin, ticket, api } = await setup();
    const res = await api.post(`/messages/${ticket.id}`, { body: '  Olá, tudo bem?  ', fromMe: true, read: 1, mediaUrl: '' });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      body: 'Olá, tudo bem?',
      fromMe: true,
      read: true,
      ack: 0,
      isPrivate: false,
      userId: admin.id,
      ticketId: ticket.id,
    });

    const [moved] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(moved.lastMessage).toBe('Olá, tudo bem?');
    expect(moved.updatedAt.getTime()).toBeGreaterThan(ticket.updatedAt.getTime());

    const created = t.sent.find(
      (e) =>
        e.event === `company-${admin.companyId}-appMessage` &&
        (e.payload as { action: string; message: { id: number } }).message?.id === view.id,
    );
    expect(created?.room).toEqual(expect.arrayContaining(['admins', `user:${admin.id}`, `chatbox:${ticket.uuid}`]));
    expect(created?.payload).toMatchObject({ action: 'create', ticket: { id: ticket.id, lastMessage: 'Olá, tudo bem?' } });

    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    const sent = await row(view.id);
    expect(sent.externalId).toBeTruthy();
    expect(sent.ack).toBeGreaterThanOrEqual(1);
  });

  test('empty text after trimming is not sent', async () => {
    const { ticket, api } = await setup();
    for (const body of [{ body: '   ' }, {}]) {
      const res = await api.post(`/messages/${ticket.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'body', key: 'validation.required', message: 'Obrigatório' }]);
    }
    expect(await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toHaveLength(0);
  });

  test('a non-numeric ticket id reads "ID do Ticket inválido."', async () => {
    const { api } = await setup();
    const res = await api.post('/messages/abc', { body: 'oi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'ticketId', key: 'validation.ticketId', message: 'ID do Ticket inválido.' }]);
  });

  test('only open and group tickets take messages', async () => {
    for (const status of ['pending', 'closed'] as const) {
      const { ticket, api } = await setup({ status });
      const res = await api.post(`/messages/${ticket.id}`, { body: 'oi' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    const group = await setup({ status: 'group', isGroup: true });
    expect((await group.api.post(`/messages/${group.ticket.id}`, { body: 'oi grupo' })).statusCode).toBe(200);
  });

  test('a private message is marked, prefixed with the sender and never sent', async () => {
    const { admin, ticket, api } = await setup();
    const res = await api.post(`/messages/${ticket.id}`, { body: 'nota interna', isPrivate: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPrivate: true, body: `*${admin.name} - Mensagem Privada*\nnota interna` });
    await t.jobs.drain();
    const stored = await row(res.json().id);
    expect(stored.externalId).toBeNull();
    expect(stored.ack).toBe(0);
  });

  test('a private note never becomes the ticket preview: lists and cards keep the last message the customer could see', async () => {
    const { ticket, api } = await setup();
    expect((await api.post(`/messages/${ticket.id}`, { body: 'Seu pedido saiu' })).statusCode).toBe(200);
    expect((await api.post(`/messages/${ticket.id}`, { body: 'cliente VIP', isPrivate: true })).statusCode).toBe(200);
    const [shown] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(shown.lastMessage).toBe('Seu pedido saiu');
  });

  test('a quoted reply quotes a message of the same ticket only', async () => {
    const { admin, ticket, api } = await setup();
    const question = await mf().message(ticket, { body: 'qual o preço?' });
    const res = await api.post(`/messages/${ticket.id}`, { body: 'R$ 10', quotedMsg: { id: question.id, body: 'ignored' } });
    expect(res.json().quotedMsg).toMatchObject({ id: question.id, body: 'qual o preço?', fromMe: false });
    expect((await row(res.json().id)).quotedMsgId).toBe(question.id);

    const elsewhere = await mf().message(await mf().ticket(admin.companyId));
    const bad = await api.post(`/messages/${ticket.id}`, { body: 'x', quotedMsg: { id: elsewhere.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'quotedMsg.id', key: 'validation.invalid' });
  });

  test('a contact card is sent as a vCard', async () => {
    const { ticket, api } = await setup();
    const res = await api.post(`/messages/${ticket.id}`, { body: '', vCard: { name: 'João Souza', number: '5511988887777' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().mediaType).toBe('contactMessage');
    expect(res.json().body).toContain('BEGIN:VCARD');
    expect(res.json().body).toContain('FN:João Souza');
    expect(res.json().body).toContain('TEL;type=CELL;waid=5511988887777:+5511988887777');
    const [moved] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(moved.lastMessage).toBe('João Souza');
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    expect((await row(res.json().id)).externalId).toBeTruthy();

    const bad = await api.post(`/messages/${ticket.id}`, { vCard: { name: 'X', number: 'abc' } });
    expect(bad.json().fields[0]).toMatchObject({ field: 'vCard.number', key: 'validation.invalid' });
  });

  test('message variables are filled in on the server', async () => {
    const admin = await t.factory.admin({ name: 'Ana Agente' });
    const queue = await t.factory.queue(admin.companyId, { name: 'Vendas' });
    const connection = await mf().connection(admin.companyId, { name: 'Loja Centro' });
    const contact = await mf().contact(admin.companyId, { name: 'Carla Dias Souza' });
    const ticket = await mf().ticket(admin.companyId, {
      userId: admin.id,
      queueId: queue.id,
      connectionId: connection.id,
      contactId: contact.id,
    });
    const body =
      '{{ms}} {{firstName}} / {{name}} / {{userName}} / {{ticket_id}} / {{queue}} / {{connection}} / {{date}} {{hour}} / {{protocol}} / {{unknown}}';
    const res = await (await t.as(admin)).post(`/messages/${ticket.id}`, { body });
    const text: string = res.json().body;
    expect(text).toMatch(
      new RegExp(
        `^(Bom dia|Boa tarde|Boa noite) Carla / Carla Dias Souza / Ana Agente / ${ticket.id} / Vendas / Loja Centro / ` +
          `\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} / \\d{14}${ticket.id} / \\{\\{unknown\\}\\}$`,
      ),
    );
  });

  test('the signature is added when the company allows it and the agent asks for it', async () => {
    const { admin, ticket, api } = await setup();
    expect((await api.post(`/messages/${ticket.id}`, { body: 'assinado', signMessage: true })).json().body).toBe(
      `*${admin.name}:*\nassinado`,
    );
    expect((await api.post(`/messages/${ticket.id}`, { body: 'sem assinatura' })).json().body).toBe('sem assinatura');

    await t.database.db.update(settings).set({ value: 'disabled' }).where(eq(settings.companyId, admin.companyId));
    expect((await api.post(`/messages/${ticket.id}`, { body: 'bloqueada', signMessage: true })).json().body).toBe('bloqueada');
  });

  test("another company's ticket and a ticket outside the user's queues are not found", async () => {
    const { ticket } = await setup();
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).post(`/messages/${ticket.id}`, { body: 'oi' })).statusCode).toBe(404);

    const admin = await t.factory.admin();
    const queue = await t.factory.queue(admin.companyId);
    const queued = await mf().ticket(admin.companyId, { queueId: queue.id });
    const outsider = await t.factory.user({ companyId: admin.companyId });
    expect((await (await t.as(outsider)).post(`/messages/${queued.id}`, { body: 'oi' })).statusCode).toBe(404);
    await t.factory.addUserToQueue(outsider.id, queue.id);
    expect((await (await t.as(outsider)).post(`/messages/${queued.id}`, { body: 'oi' })).statusCode).toBe(200);
    expect((await t.anon.post(`/messages/${queued.id}`, { body: 'oi' })).statusCode).toBe(401);
  });
});
