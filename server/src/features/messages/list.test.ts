import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { messageFactory } from './testing';

const t = useTestApp();
const mf = () => messageFactory(t.database.db);

/** A ticket with `n` messages, one second apart, bodies m1..mn (m1 the oldest). */
async function ticketWithMessages(companyId: number, n: number, overrides = {}) {
  const ticket = await mf().ticket(companyId, overrides);
  const start = Date.now() - n * 1000;
  for (let i = 1; i <= n; i++) await mf().message(ticket, { body: `m${i}`, createdAt: new Date(start + i * 1000) });
  return ticket;
}

describe('GET /messages/:ticketUuid', () => {
  test('pages of 20, newest page first, oldest first within a page', async () => {
    const admin = await t.factory.admin();
    const ticket = await ticketWithMessages(admin.companyId, 45);
    const api = await t.as(admin);

    const first = await api.get(`/messages/${ticket.uuid}`, { pageNumber: '1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().hasMore).toBe(true);
    expect(first.json().messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${26 + i}`));

    const second = (await api.get(`/messages/${ticket.uuid}`, { pageNumber: '2' })).json();
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${6 + i}`));
    expect(second.hasMore).toBe(true);

    const third = (await api.get(`/messages/${ticket.uuid}`, { pageNumber: '3' })).json();
    expect(third.messages.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(third.hasMore).toBe(false);

    // Without pageNumber the first page is served; selectedQueues from older clients is accepted.
    const plain = await api.get(`/messages/${ticket.uuid}`, { selectedQueues: '[1,2]' });
    expect(plain.json().messages).toHaveLength(20);
  });

  test('presents the whitelisted view with contact and quoted message', async () => {
    const admin = await t.factory.admin();
    const ticket = await mf().ticket(admin.companyId);
    const original = await mf().message(ticket, { body: 'pergunta' });
    const reply = await mf().message(ticket, { body: 'resposta', fromMe: true, userId: admin.id, quotedMsgId: original.id, ack: 3 });
    const res = await (await t.as(admin)).get(`/messages/${ticket.uuid}`);
    const view = res.json().messages.find((m: { id: number }) => m.id === reply.id);
    expect(view).toMatchObject({
      body: 'resposta',
      fromMe: true,
      ack: 3,
      userId: admin.id,
      ticketId: ticket.id,
      companyId: admin.companyId,
      contact: { id: ticket.contactId, name: 'Maria Silva' },
      quotedMsg: { id: original.id, body: 'pergunta', fromMe: false, contact: { name: 'Maria Silva' } },
      ticket: { id: ticket.id, uuid: ticket.uuid, whatsappId: ticket.connectionId },
    });
    expect(Object.keys(view)).not.toContain('externalId');
  });

  test('an empty ticket has no messages and no more pages', async () => {
    const admin = await t.factory.admin();
    const ticket = await mf().ticket(admin.companyId);
    const res = await (await t.as(admin)).get(`/messages/${ticket.uuid}`);
    expect(res.json()).toEqual({ messages: [], hasMore: false });
  });

  test('another company, a queue the user is not in, or a malformed uuid: 404', async () => {
    const admin = await t.factory.admin();
    const queue = await t.factory.queue(admin.companyId);
    const ticket = await ticketWithMessages(admin.companyId, 2, { queueId: queue.id, status: 'pending' });

    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).get(`/messages/${ticket.uuid}`)).statusCode).toBe(404);

    const outsider = await t.factory.user({ companyId: admin.companyId });
    const hidden = await (await t.as(outsider)).get(`/messages/${ticket.uuid}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe('ERR_NO_TICKET_FOUND');

    const member = await t.factory.user({ companyId: admin.companyId });
    await t.factory.addUserToQueue(member.id, queue.id);
    expect((await (await t.as(member)).get(`/messages/${ticket.uuid}`)).json().messages).toHaveLength(2);

    expect((await (await t.as(admin)).get('/messages/not-a-uuid')).statusCode).toBe(404);
  });

  test('needs a session; a bad page number is a validation error', async () => {
    const admin = await t.factory.admin();
    const ticket = await mf().ticket(admin.companyId);
    expect((await t.anon.get(`/messages/${ticket.uuid}`)).statusCode).toBe(401);
    const res = await (await t.as(admin)).get(`/messages/${ticket.uuid}`, { pageNumber: 'zero' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('pageNumber');
  });
});
