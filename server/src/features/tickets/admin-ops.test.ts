import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, ticketLogs, ticketTrackings, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { CLOSE_ALL_LIMITS } from './commands/admin-actions';
import { inboxScenario, ticketEvents } from './testing';

const t = useTestApp();
const db = () => t.database.db;
const statusOf = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]?.status;

describe('DELETE /tickets/{id}', () => {
  test('admin only; removes the ticket and its messages and tells its audience', async () => {
    const { f, companyId, admin, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    await f.message(ticket);
    expect((await (await t.as(agent)).delete(`/tickets/${ticket.id}`)).statusCode).toBe(403);
    const res = await (await t.as(admin)).delete(`/tickets/${ticket.id}`);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(ticket.id)).toBeUndefined();
    expect(await db().select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
    const [event] = ticketEvents(t, companyId, ticket.id);
    expect(event).toMatchObject({
      room: ['admins', `user:${agent.id}`, `queue:${queueA.id}`],
      payload: { action: 'delete', ticketId: ticket.id },
    });
    expect((await (await t.as(admin)).delete(`/tickets/${ticket.id}`)).json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
  });
});

describe('POST /tickets/closeAll', () => {
  test('closes the status in the chosen queues (and queueless ones), logs and announces each', async () => {
    const { f, companyId, admin, agent, queueA, queueB } = await inboxScenario(t);
    const inA = await f.ticket(companyId, { queueId: queueA.id });
    const noQueue = await f.ticket(companyId);
    const inB = await f.ticket(companyId, { queueId: queueB.id });
    const openInA = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const other = await inboxScenario(t);
    const foreign = await other.f.ticket(other.companyId, { queueId: other.queueA.id });
    expect((await (await t.as(agent)).post('/tickets/closeAll', { status: 'pending', selectedQueueIds: [queueA.id] })).statusCode).toBe(
      403,
    );
    const res = await (await t.as(admin)).post('/tickets/closeAll', { status: 'pending', selectedQueueIds: [queueA.id] });
    expect(res.json()).toEqual({ count: 2, hasMore: false });
    expect([
      await statusOf(inA.id),
      await statusOf(noQueue.id),
      await statusOf(inB.id),
      await statusOf(openInA.id),
      await statusOf(foreign.id),
    ]).toEqual(['closed', 'closed', 'pending', 'open', 'pending']);
    const logs = await db()
      .select()
      .from(ticketLogs)
      .where(inArray(ticketLogs.ticketId, [inA.id, noQueue.id]));
    expect(logs.map((l) => [l.type, l.userId])).toEqual([
      ['closed', admin.id],
      ['closed', admin.id],
    ]);
    expect(ticketEvents(t, companyId, inA.id).map((e) => e.payload.action)).toEqual(['removeFromList', 'update']);
    // every queue when none is chosen (JSON text accepted too)
    expect((await (await t.as(admin)).post('/tickets/closeAll', { status: 'open', selectedQueueIds: '[]' })).json().count).toBe(1);
  });

  test('large backlogs are closed in bounded batches over several calls, finishing attendances', async () => {
    const { f, companyId, admin, queueA } = await inboxScenario(t);
    const connection = await f.connection(companyId);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await f.ticket(companyId, { queueId: queueA.id, connectionId: connection.id }));
    await db()
      .insert(ticketTrackings)
      .values(made.map((m) => ({ companyId, ticketId: m.id, queuedAt: new Date() })));
    const saved = { ...CLOSE_ALL_LIMITS };
    Object.assign(CLOSE_ALL_LIMITS, { batch: 2, max: 4 });
    try {
      const api = await t.as(admin);
      const body = { status: 'pending', selectedQueueIds: [queueA.id] };
      expect((await api.post('/tickets/closeAll', body)).json()).toEqual({ count: 4, hasMore: true });
      expect((await api.post('/tickets/closeAll', body)).json()).toEqual({ count: 1, hasMore: false });
    } finally {
      Object.assign(CLOSE_ALL_LIMITS, saved);
    }
    const trackings = await db()
      .select()
      .from(ticketTrackings)
      .where(
        inArray(
          ticketTrackings.ticketId,
          made.map((m) => m.id),
        ),
      );
    expect(trackings).toHaveLength(5);
    expect(trackings.every((r) => r.finishedAt !== null)).toBe(true);
  });

  test('validation', async () => {
    const { admin } = await inboxScenario(t);
    const api = await t.as(admin);
    expect((await api.post('/tickets/closeAll', { status: 'closed' })).json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'status' }],
    });
    expect((await api.post('/tickets/closeAll', { status: 'open', selectedQueueIds: ['x'] })).statusCode).toBe(400);
  });
});

describe('POST /tickets/{id}/read (updateUnread)', () => {
  test("resets the counter, marks the contact's messages read, keeps the ticket's place, tells the lists", async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const updatedAt = new Date('2025-02-01T10:00:00Z');
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, unreadMessages: 3, updatedAt });
    const incoming = await f.message(ticket, { read: false });
    const res = await (await t.as(agent)).post(`/tickets/${ticket.id}/read`);
    expect(res.json()).toEqual({ ticketId: ticket.id, unreadMessages: 0 });
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.unreadMessages).toBe(0);
    expect(row.updatedAt.getTime()).toBe(updatedAt.getTime());
    expect((await db().select().from(messages).where(eq(messages.id, incoming.id)))[0].read).toBe(true);
    const events = ticketEvents(t, companyId, ticket.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      room: ['admins', `user:${agent.id}`, `queue:${queueA.id}`],
      payload: { action: 'updateUnread', ticketId: ticket.id },
    });
    // nothing unread: nothing announced
    await (await t.as(agent)).post(`/tickets/${ticket.id}/read`);
    expect(ticketEvents(t, companyId, ticket.id)).toHaveLength(1);
  });

  test('only for a ticket the caller sees', async () => {
    const { f, companyId, agent, queueB } = await inboxScenario(t);
    const hidden = await f.ticket(companyId, { queueId: queueB.id, unreadMessages: 2 });
    expect((await (await t.as(agent)).post(`/tickets/${hidden.id}/read`)).statusCode).toBe(404);
    expect((await db().select().from(tickets).where(eq(tickets.id, hidden.id)))[0].unreadMessages).toBe(2);
  });
});
