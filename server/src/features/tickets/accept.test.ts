import type { TicketView } from '@chatflow/contract';
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
const outbound = (ticketId: number) => db().select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);

describe('accept (pending → open)', () => {
  test('sets the user and queue, logs, tracks, and moves the ticket between audiences', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { queueId: queueA.id, createdAt: new Date(Date.now() - 60_000) });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id, queueId: queueA.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', userId: agent.id, user: { id: agent.id, name: agent.name }, queueId: queueA.id });
    expect(await logsOf(ticket.id)).toEqual([['open', agent.id, queueA.id]]);
    const [tracking] = await db().select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(tracking.userId).toBe(agent.id);
    expect(tracking.queuedAt?.getTime()).toBe(ticket.createdAt.getTime());
    expect(tracking.startedAt).not.toBeNull();
    const events = ticketEvents(t, companyId, ticket.id);
    expect(events.map((e) => [e.payload.action, e.room])).toEqual([
      ['removeFromList', ['admins', `queue:${queueA.id}`]],
      ['update', ['admins', `user:${agent.id}`, `queue:${queueA.id}`]],
    ]);
    expect(events[1].payload.ticket?.status).toBe('open');
    expect(await outbound(ticket.id)).toEqual([]);
  });

  test('a pending ticket without a queue needs one when the company has queues', async () => {
    const { f, companyId, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId);
    const allTicket = await t.as(await t.factory.user({ companyId, allTicket: 'enable' }));
    const res = await allTicket.put(`/tickets/${ticket.id}`, { status: 'open' });
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'queueId', key: 'validation.required' }] });
    const chosen = await allTicket.put(`/tickets/${ticket.id}`, { status: 'open', queueId: queueA.id });
    expect(chosen.json()).toMatchObject({ status: 'open', queueId: queueA.id });
    expect((await logsOf(ticket.id)).map((l) => l[0])).toEqual(['queue', 'open']);
  });

  test('a ticket another agent holds is not taken: 409 with that agent and queue', async () => {
    const { f, companyId, agent, queueA, member } = await inboxScenario(t);
    const colleague = await member([queueA.id]);
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const [first, second] = [await t.as(colleague), await t.as(agent)];
    expect((await first.put(`/tickets/${ticket.id}`, { status: 'open', userId: colleague.id })).statusCode).toBe(200);
    const late = await second.put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id, queueId: queueA.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: {
        id: ticket.id,
        uuid: ticket.uuid,
        userId: colleague.id,
        status: 'open',
        user: { name: colleague.name },
        queue: { name: queueA.name },
      },
    });
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.userId).toBe(colleague.id);
  });

  test('two agents accepting at once: one wins, the other gets 409', async () => {
    const { f, companyId, agent, queueA, member } = await inboxScenario(t);
    const colleague = await member([queueA.id]);
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const [a, b] = [await t.as(agent), await t.as(colleague)];
    const results = await Promise.all([
      a.put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id }),
      b.put(`/tickets/${ticket.id}`, { status: 'open', userId: colleague.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [won, lost] = results[0].statusCode === 200 ? [agent, colleague] : [colleague, agent];
    const refusal = results.find((r) => r.statusCode === 409)!;
    expect(refusal.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: ticket.id, userId: won.id } });
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'open', userId: won.id });
    expect(row.userId).not.toBe(lost.id);
  });

  test('greetingAcceptedMessage is sent when sendGreetingAccepted is on, with variables filled in', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    await f.setting(companyId, 'sendGreetingAccepted', 'enabled');
    await f.setting(companyId, 'greetingAcceptedMessage', 'Olá {{firstName}}, sou {{userName}}!');
    const contact = await f.contact(companyId, { name: 'Joana Prado' });
    const ticket = await f.ticket(companyId, { queueId: queueA.id, contactId: contact.id });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id });
    const sent = await outbound(ticket.id);
    expect(sent.map((m) => [m.body, m.fromMe, m.userId, m.isPrivate])).toEqual([[`Olá Joana, sou ${agent.name}!`, true, agent.id, false]]);
    expect((res.json() as TicketView).lastMessage).toBe(`Olá Joana, sou ${agent.name}!`);
  });

  test('no greeting into a group, unless the connection treats groups as tickets', async () => {
    const { f, companyId, queueA, member } = await inboxScenario(t);
    await f.setting(companyId, 'sendGreetingAccepted', 'enabled');
    await f.setting(companyId, 'greetingAcceptedMessage', 'Bem-vindos');
    const grouper = await member([queueA.id], { allowGroup: true });
    const api = await t.as(grouper);
    const plain = await f.ticket(companyId, { isGroup: true, queueId: queueA.id });
    expect((await api.put(`/tickets/${plain.id}`, { status: 'group', userId: grouper.id })).json()).toMatchObject({ status: 'group' });
    expect(await outbound(plain.id)).toEqual([]);
    const asTicket = await f.connection(companyId, { groupAsTicket: 'enabled' });
    const served = await f.ticket(companyId, { isGroup: true, queueId: queueA.id, connectionId: asTicket.id });
    await api.put(`/tickets/${served.id}`, { status: 'open', userId: grouper.id });
    expect((await outbound(served.id)).map((m) => m.body)).toEqual(['Bem-vindos']);
  });
});

describe('return to queue (open → pending)', () => {
  test('no user remains; the lists of the former holder drop it', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'pending', userId: null, queueId: queueA.id });
    expect(res.json()).toMatchObject({ status: 'pending', userId: null, user: null, queueId: queueA.id });
    expect(await logsOf(ticket.id)).toEqual([['pending', agent.id, queueA.id]]);
    const [tracking] = await db().select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(tracking).toMatchObject({ userId: null, startedAt: null });
    const events = ticketEvents(t, companyId, ticket.id);
    expect(events.map((e) => [e.payload.action, e.room])).toEqual([
      ['removeFromList', ['admins', `user:${agent.id}`, `queue:${queueA.id}`]],
      ['update', ['admins', `queue:${queueA.id}`]],
    ]);
  });
});
