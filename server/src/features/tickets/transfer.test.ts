import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, ticketLogs, ticketTrackings, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { inboxScenario, ticketEvents } from './testing';

const t = useTestApp();
const db = () => t.database.db;
const logsOf = async (ticketId: number) =>
  (await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(ticketLogs.id)).map((l) => [
    l.type,
    l.userId,
    l.queueId,
  ]);
const bodies = async (ticketId: number) =>
  (await db().select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id)).map((m) => m.body);

describe('transfer', () => {
  test('to another queue and agent: open for them, both logs, events leave the old queue', async () => {
    const { f, companyId, agent, agentB, queueA, queueB } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, {
      userId: agentB.id,
      queueId: queueB.id,
      status: 'open',
      isTransfered: true,
    });
    expect(res.json()).toMatchObject({ status: 'open', userId: agentB.id, queueId: queueB.id });
    expect(await logsOf(ticket.id)).toEqual([
      ['transfered', agent.id, queueB.id],
      ['receivedTransfer', agentB.id, queueB.id],
    ]);
    const events = ticketEvents(t, companyId, ticket.id);
    expect(events.map((e) => [e.payload.action, e.room])).toEqual([
      ['removeFromList', ['admins', `user:${agent.id}`, `queue:${queueA.id}`]],
      ['update', ['admins', `user:${agentB.id}`, `queue:${queueB.id}`]],
    ]);
    const [tracking] = await db().select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(tracking).toMatchObject({ userId: agentB.id, queueId: queueB.id });
    // the former holder no longer sees it
    expect((await (await t.as(agent)).get(`/tickets/${ticket.id}`)).statusCode).toBe(404);
  });

  test('to a queue only: pending there, with no user', async () => {
    const { f, companyId, agent, queueA, queueB } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, { queueId: queueB.id, userId: null, isTransfered: true });
    expect(res.json()).toMatchObject({ status: 'pending', userId: null, queueId: queueB.id });
    expect(await logsOf(ticket.id)).toEqual([['transfered', agent.id, queueB.id]]);
  });

  test('a pending ticket given to someone else (without isTransfered) is a transfer too', async () => {
    const { f, companyId, admin, agentB, queueB } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { queueId: queueB.id });
    const res = await (await t.as(admin)).put(`/tickets/${ticket.id}`, { status: 'open', userId: agentB.id, queueId: queueB.id });
    expect(res.json()).toMatchObject({ status: 'open', userId: agentB.id });
    expect((await logsOf(ticket.id)).map((l) => l[0])).toEqual(['transfered', 'receivedTransfer']);
  });

  test('group tickets go to the chosen agent as group', async () => {
    const { f, companyId, admin, queueA, member } = await inboxScenario(t);
    const grouper = await member([queueA.id], { allowGroup: true });
    const ticket = await f.ticket(companyId, { status: 'group', isGroup: true, userId: admin.id, queueId: queueA.id });
    const res = await (await t.as(admin)).put(`/tickets/${ticket.id}`, { userId: grouper.id, queueId: queueA.id, isTransfered: true });
    expect(res.json()).toMatchObject({ status: 'group', userId: grouper.id });
  });

  test("the message goes to the contact only with sendMsgTransfTicket on (typed text, else the setting's)", async () => {
    const { f, companyId, agent, agentB, queueA, queueB } = await inboxScenario(t);
    const api = await t.as(agent);
    const off = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    await api.put(`/tickets/${off.id}`, { userId: agentB.id, queueId: queueB.id, isTransfered: true, msgTransfer: 'Vou passar você' });
    expect(await bodies(off.id)).toEqual([]);
    await f.setting(companyId, 'sendMsgTransfTicket', 'enabled');
    await f.setting(companyId, 'transferMessage', 'Transferido para {{queue}}');
    const typed = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    await api.put(`/tickets/${typed.id}`, { userId: agentB.id, queueId: queueB.id, isTransfered: true, msgTransfer: 'Vou passar você' });
    expect(await bodies(typed.id)).toEqual(['Vou passar você']);
    const fromSetting = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    await api.put(`/tickets/${fromSetting.id}`, { queueId: queueB.id, isTransfered: true });
    expect(await bodies(fromSetting.id)).toEqual([`Transferido para ${queueB.name}`]);
  });

  test('the queue is required; users and queues of other companies are unknown', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const stranger = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const api = await t.as(agent);
    const noQueue = await api.put(`/tickets/${ticket.id}`, { queueId: null, isTransfered: true });
    expect(noQueue.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'queueId', key: 'validation.required' }] });
    expect((await api.put(`/tickets/${ticket.id}`, { queueId: stranger.queueA.id, isTransfered: true })).statusCode).toBe(404);
    expect((await api.put(`/tickets/${ticket.id}`, { queueId: queueA.id, userId: stranger.agent.id, isTransfered: true })).json()).toEqual({
      error: 'ERR_NO_USER_FOUND',
    });
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0].userId).toBe(agent.id);
  });
});

describe('reopen (closed → open)', () => {
  test("opens for the current user in the ticket's queue, with a new attendance", async () => {
    const { f, companyId, agent, queueA, member } = await inboxScenario(t);
    const former = await member([queueA.id]);
    const ticket = await f.ticket(companyId, { status: 'closed', userId: former.id, queueId: queueA.id });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id, queueId: queueA.id });
    expect(res.json()).toMatchObject({ status: 'open', userId: agent.id, queueId: queueA.id });
    expect(await logsOf(ticket.id)).toEqual([['reopen', agent.id, queueA.id]]);
    const trackings = await db().select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(trackings).toHaveLength(1);
    expect(trackings[0]).toMatchObject({ userId: agent.id, finishedAt: null });
  });

  test('a closed ticket without a queue needs one (dialog); a group reopens as group', async () => {
    const { f, companyId, admin, queueA, member } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'closed', userId: admin.id });
    const api = await t.as(admin);
    expect((await api.put(`/tickets/${ticket.id}`, { status: 'open' })).json()).toMatchObject({ fields: [{ field: 'queueId' }] });
    expect((await api.put(`/tickets/${ticket.id}`, { status: 'open', queueId: queueA.id })).json().status).toBe('open');
    const grouper = await member([], { allowGroup: true });
    const group = await f.ticket(companyId, { status: 'closed', isGroup: true, userId: grouper.id, queueId: queueA.id });
    expect((await (await t.as(grouper)).put(`/tickets/${group.id}`, { status: 'group' })).json().status).toBe('group');
  });

  test('when the contact has another active ticket on the connection: 409 with that one', async () => {
    const { f, companyId, agent, agentB, queueA, queueB, connection } = await inboxScenario(t);
    const contact = await f.contact(companyId);
    const old = await f.ticket(companyId, {
      status: 'closed',
      userId: agent.id,
      queueId: queueA.id,
      contactId: contact.id,
      connectionId: connection.id,
    });
    const current = await f.ticket(companyId, {
      status: 'open',
      userId: agentB.id,
      queueId: queueB.id,
      contactId: contact.id,
      connectionId: connection.id,
    });
    const res = await (await t.as(agent)).put(`/tickets/${old.id}`, { status: 'open', userId: agent.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: {
        id: current.id,
        uuid: current.uuid,
        userId: agentB.id,
        status: 'open',
        user: { name: agentB.name },
        queue: { name: queueB.name },
      },
    });
    expect((await db().select().from(tickets).where(eq(tickets.id, old.id)))[0].status).toBe('closed');
  });
});
