import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, ticketLogs, ticketTrackings, tickets, users } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { inboxScenario, ticketEvents } from './testing';

const t = useTestApp();
const db = () => t.database.db;
const bodies = async (ticketId: number) =>
  (await db().select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id)).map((m) => m.body);
const trackingOf = async (ticketId: number) => (await db().select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticketId)))[0];

describe('resolve (open or group → closed)', () => {
  test("with the connection's farewell when the agent has none; logged, tracked, lists updated", async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const connection = await f.connection(companyId, { complationMessage: 'Obrigado pelo contato, {{name}}.' });
    const contact = await f.contact(companyId, { name: 'Ana' });
    const ticket = await f.ticket(companyId, {
      status: 'open',
      userId: agent.id,
      queueId: queueA.id,
      connectionId: connection.id,
      contactId: contact.id,
    });
    const res = await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'closed', userId: agent.id, sendFarewellMessage: true });
    expect(res.json()).toMatchObject({ status: 'closed', userId: agent.id });
    expect(await bodies(ticket.id)).toEqual(['Obrigado pelo contato, Ana.']);
    const logs = await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id));
    expect(logs.map((l) => [l.type, l.userId])).toEqual([['closed', agent.id]]);
    const tracking = await trackingOf(ticket.id);
    expect(tracking.finishedAt).not.toBeNull();
    expect(tracking.ratingAt).toBeNull();
    const events = ticketEvents(t, companyId, ticket.id);
    const last = events[events.length - 1];
    expect(last.payload).toMatchObject({ action: 'update', ticket: { status: 'closed', lastMessage: 'Obrigado pelo contato, Ana.' } });
    expect(events.some((e) => e.payload.action === 'removeFromList')).toBe(true);
  });

  test("the agent's own farewellMessage wins; sendFarewellMessage false sends nothing", async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    await db().update(users).set({ farewellMessage: 'Até logo!' }).where(eq(users.id, agent.id));
    const connection = await f.connection(companyId, { complationMessage: 'Conexão diz tchau' });
    const api = await t.as(agent);
    const withFarewell = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, connectionId: connection.id });
    await api.put(`/tickets/${withFarewell.id}`, { status: 'closed' });
    expect(await bodies(withFarewell.id)).toEqual(['Até logo!']);
    const silent = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, connectionId: connection.id });
    expect((await api.put(`/tickets/${silent.id}`, { status: 'closed', sendFarewellMessage: false })).json().status).toBe('closed');
    expect(await bodies(silent.id)).toEqual([]);
  });

  test('requiredTag: a ticket without a tag is not closed', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    await f.setting(companyId, 'requiredTag', 'enabled');
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const api = await t.as(agent);
    const refused = await api.put(`/tickets/${ticket.id}`, { status: 'closed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'ERR_TICKET_REQUIRES_TAG' });
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0].status).toBe('open');
    await f.tagTicket(ticket.id, (await f.tag(companyId)).id);
    expect((await api.put(`/tickets/${ticket.id}`, { status: 'closed' })).json().status).toBe('closed');
  });

  test("resolve and send rating (userRating on): the connection's ratingMessage follows and the attendance waits for a rating", async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    await f.setting(companyId, 'userRating', 'enabled');
    const connection = await f.connection(companyId, { complationMessage: 'Tchau', ratingMessage: 'Avalie de 1 a 5' });
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, connectionId: connection.id });
    await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'closed', sendFarewellMessage: true, ratingId: connection.id });
    expect(await bodies(ticket.id)).toEqual(['Tchau', 'Avalie de 1 a 5']);
    // a resolve with the farewell alone asks for no rating
    const plain = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, connectionId: connection.id });
    await (await t.as(agent)).put(`/tickets/${plain.id}`, { status: 'closed', sendFarewellMessage: true });
    expect(await bodies(plain.id)).toEqual(['Tchau']);
    expect((await trackingOf(plain.id)).ratingAt).toBeNull();
    const tracking = await trackingOf(ticket.id);
    expect(tracking.ratingAt).not.toBeNull();
    expect(tracking.rated).toBe(false);
    // with the setting off, no rating request
    await f.setting(companyId, 'userRating', 'disabled');
    const other = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, connectionId: connection.id });
    await (await t.as(agent)).put(`/tickets/${other.id}`, { status: 'closed', sendFarewellMessage: false });
    expect(await bodies(other.id)).toEqual([]);
  });

  test('a group ticket closes without messages to the group', async () => {
    const { f, companyId, member } = await inboxScenario(t);
    const grouper = await member([], { allowGroup: true });
    const connection = await f.connection(companyId, { complationMessage: 'Tchau' });
    const ticket = await f.ticket(companyId, { status: 'group', isGroup: true, connectionId: connection.id });
    expect((await (await t.as(grouper)).put(`/tickets/${ticket.id}`, { status: 'closed' })).json().status).toBe('closed');
    expect(await bodies(ticket.id)).toEqual([]);
  });
});

describe('ignore (pending → closed)', () => {
  test('needs userClosePendingTicket or admin; sends nothing and needs no tag', async () => {
    const { f, companyId, queueA, admin, member } = await inboxScenario(t);
    await f.setting(companyId, 'requiredTag', 'enabled');
    const connection = await f.connection(companyId, { complationMessage: 'Tchau' });
    const restricted = await member([queueA.id], { userClosePendingTicket: 'disabled' });
    const allowed = await member([queueA.id]);
    const ticket = await f.ticket(companyId, { queueId: queueA.id, connectionId: connection.id });
    const refused = await (await t.as(restricted)).put(`/tickets/${ticket.id}`, { status: 'closed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const ok = await (await t.as(allowed)).put(`/tickets/${ticket.id}`, { status: 'closed' });
    expect(ok.json()).toMatchObject({ status: 'closed', userId: allowed.id });
    expect(await bodies(ticket.id)).toEqual([]);
    const second = await f.ticket(companyId, { queueId: queueA.id });
    expect((await (await t.as(admin)).put(`/tickets/${second.id}`, { status: 'closed' })).statusCode).toBe(200);
  });
});

describe('the integration toggle and other fields', () => {
  test('useIntegration alone changes no status; an unchanged body moves nothing', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, {
      status: 'open',
      userId: agent.id,
      queueId: queueA.id,
      updatedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const api = await t.as(agent);
    const toggled = await api.put(`/tickets/${ticket.id}`, { useIntegration: true, amountUsedBotQueues: 2 });
    expect(toggled.json()).toMatchObject({ status: 'open', useIntegration: true });
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0].amountUsedBotQueues).toBe(2);
    const before = ticketEvents(t, companyId, ticket.id).length;
    const same = await api.put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id, queueId: queueA.id });
    expect(same.statusCode).toBe(200);
    expect(ticketEvents(t, companyId, ticket.id)).toHaveLength(before);
  });

  test('impossible changes are 400 on the status field', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const closed = await f.ticket(companyId, { status: 'closed', userId: agent.id, queueId: queueA.id });
    const api = await t.as(agent);
    const res = await api.put(`/tickets/${closed.id}`, { status: 'pending' });
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'status', key: 'validation.invalid' }] });
    expect((await api.put(`/tickets/${closed.id}`, { status: 'lgpd' })).statusCode).toBe(400);
    expect((await api.put(`/tickets/${closed.id}`, { status: 'bogus' })).statusCode).toBe(400);
    expect((await api.put(`/tickets/${closed.id}`, { isTransfered: true, queueId: queueA.id })).statusCode).toBe(400);
  });
});
