import { KANBAN_LANE_PAGE_SIZE, type KanbanBoard, type TicketView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, ticketTags } from '../../db/schema';
import { ticketAudience } from '../../realtime/emit';
import { useTestApp } from '../../test/harness';
import { kanbanScenario, sorted, ticketEvents } from './testing';

const t = useTestApp();
const cardIds = (board: KanbanBoard, laneId?: number) =>
  sorted(board.tickets.filter((c) => laneId === undefined || laneOfCard(board, c) === laneId).map((c) => c.id));
/** The board's lane of a card, as the answer says. */
const laneOfCard = (board: KanbanBoard, c: TicketView) => board.lanes.find((l) => l.ticketIds.includes(c.id))?.laneId;
/** A fixed day, noon in every time zone a company may have: no test depends on the hour it runs. */
const DAY = '2026-03-10';
const onDay = { updatedAt: new Date(`${DAY}T15:00:00Z`) };

describe('GET /ticket/kanban', () => {
  test("the caller's visible open and pending tickets in the range, by lane, with counts; closed, groups and other companies left out", async () => {
    const { f, companyId, agent, queueA, queueB } = await kanbanScenario(t);
    const lane = await f.tag(companyId, { kanban: 1 });
    const plain = await f.tag(companyId, { kanban: 0 });
    const inDefault = await f.ticket(companyId, { queueId: queueA.id, status: 'open', userId: agent.id, ...onDay });
    const inLane = await f.ticket(companyId, { queueId: queueA.id, ...onDay });
    await f.tagTicket(inLane.id, lane.id);
    await f.tagTicket(inDefault.id, plain.id);
    await f.ticket(companyId, { queueId: queueB.id, ...onDay }); // another queue's
    await f.ticket(companyId, { queueId: queueA.id, status: 'closed', ...onDay });
    await f.ticket(companyId, { queueId: queueA.id, status: 'group', isGroup: true, ...onDay });
    await f.ticket(companyId, { queueId: queueA.id, updatedAt: new Date('2026-03-12T15:00:00Z') }); // out of the range
    await f.ticket((await t.factory.company()).id, onDay);
    const res = await (await t.as(agent)).get('/ticket/kanban', { queueIds: JSON.stringify([queueA.id]), startDate: DAY, endDate: DAY });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as KanbanBoard;
    expect(cardIds(board)).toEqual(sorted([inDefault.id, inLane.id]));
    expect(board.lanes).toEqual(
      expect.arrayContaining([
        { laneId: 0, count: 1, hasMore: false, ticketIds: [inDefault.id] },
        { laneId: lane.id, count: 1, hasMore: false, ticketIds: [inLane.id] },
      ]),
    );
    expect(board.tickets.find((c) => c.id === inDefault.id)).toMatchObject({
      user: { id: agent.id },
      contact: { name: expect.any(String) },
    });
  });

  test('the date range is by last update, in days of the company', async () => {
    const { f, companyId, admin } = await kanbanScenario(t);
    const old = await f.ticket(companyId, { updatedAt: new Date('2024-03-10T15:00:00Z') });
    const recent = await f.ticket(companyId, onDay);
    const api = await t.as(admin);
    const ids = async (q: Record<string, string>) => cardIds((await api.get('/ticket/kanban', q)).json());
    expect(await ids({ startDate: '2024-03-10', endDate: '2024-03-10' })).toEqual([old.id]);
    expect(await ids({ startDate: '2024-03-11', endDate: DAY })).toEqual([recent.id]);
    expect(await ids({ startDate: '2026-03-11' })).toEqual([]);
    expect(await ids({})).toEqual(sorted([old.id, recent.id]));
  });

  test('a lane pages on with laneId and pageNumber; the first paint holds one page per lane', async () => {
    const { f, companyId, admin } = await kanbanScenario(t);
    const lane = await f.tag(companyId, { kanban: 1 });
    const base = Date.now() - 1000 * 60 * 60;
    const made: number[] = [];
    for (let i = 0; i < KANBAN_LANE_PAGE_SIZE + 5; i++) {
      const ticket = await f.ticket(companyId, { updatedAt: new Date(base + i * 1000) });
      await f.tagTicket(ticket.id, lane.id);
      made.push(ticket.id);
    }
    const api = await t.as(admin);
    const first = (await api.get('/ticket/kanban')).json() as KanbanBoard;
    expect(first.lanes).toEqual([{ laneId: lane.id, count: KANBAN_LANE_PAGE_SIZE + 5, hasMore: true, ticketIds: made.slice(5).reverse() }]);
    expect(first.tickets.map((c) => c.id)).toEqual(made.slice(5).reverse());
    const second = (await api.get('/ticket/kanban', { laneId: String(lane.id), pageNumber: '2' })).json() as KanbanBoard;
    expect(second).toMatchObject({
      lanes: [{ laneId: lane.id, count: KANBAN_LANE_PAGE_SIZE + 5, hasMore: false, ticketIds: made.slice(0, 5).reverse() }],
    });
    expect(second.tickets.map((c) => c.id)).toEqual(made.slice(0, 5).reverse());
    expect((await api.get('/ticket/kanban', { laneId: '0' })).json()).toEqual({
      tickets: [],
      lanes: [{ laneId: 0, count: 0, hasMore: false, ticketIds: [] }],
    });
  });

  test.each([
    ['a malformed date', { startDate: '10/03/2024' }, 'startDate'],
    ['an end before the start', { startDate: '2024-03-10', endDate: '2024-03-09' }, 'endDate'],
    ['a queue list that is not ids', { queueIds: '["a"]' }, 'queueIds.0'],
  ])('%s is a validation error', async (_label, query, field) => {
    const { admin } = await kanbanScenario(t);
    const res = await (await t.as(admin)).get('/ticket/kanban', query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field }] });
  });
});

describe('moving a card (PUT /ticket-tags/:ticketId/:tagId, DELETE /ticket-tags/:ticketId?kanban=1)', () => {
  test('a lane replaces the lane the card was in and keeps its plain tags; the move reaches only the ticket audience', async () => {
    const { f, companyId, agent, queueA } = await kanbanScenario(t);
    const [todo, doing] = [await f.tag(companyId, { kanban: 1, name: 'A fazer' }), await f.tag(companyId, { kanban: 1, name: 'Fazendo' })];
    const vip = await f.tag(companyId, { kanban: 0, name: 'VIP' });
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    await f.tagTicket(ticket.id, todo.id);
    await f.tagTicket(ticket.id, vip.id);
    const api = await t.as(agent);
    const moved = await api.put(`/ticket-tags/${ticket.id}/${doing.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as TicketView).tags.map((x) => x.name)).toEqual(['Fazendo', 'VIP']);
    const event = ticketEvents(t, companyId, ticket.id).at(-1);
    expect(event?.room).toEqual(ticketAudience(ticket));
    expect(event?.payload.ticket?.tags.map((x) => x.id)).toEqual([doing.id, vip.id]);
    const back = await api.inject({ method: 'DELETE', url: `/ticket-tags/${ticket.id}?kanban=1` });
    expect((back.json() as TicketView).tags.map((x) => x.name)).toEqual(['VIP']);
    expect(cardIds((await (await t.as(agent)).get('/ticket/kanban')).json(), 0)).toContain(ticket.id);
  });

  test("the same lane again is no move (no event); another company's or a hidden ticket is 404; a user moves what they see", async () => {
    const { f, companyId, agent, agentB, queueA } = await kanbanScenario(t);
    const lane = await f.tag(companyId, { kanban: 1 });
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const api = await t.as(agent);
    expect((await api.put(`/ticket-tags/${ticket.id}/${lane.id}`)).statusCode).toBe(200);
    const events = ticketEvents(t, companyId, ticket.id).length;
    expect((await api.put(`/ticket-tags/${ticket.id}/${lane.id}`)).statusCode).toBe(200);
    expect(ticketEvents(t, companyId, ticket.id)).toHaveLength(events);
    const other = await t.factory.admin();
    expect((await (await t.as(other)).put(`/ticket-tags/${ticket.id}/${lane.id}`)).json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect((await (await t.as(agentB)).put(`/ticket-tags/${ticket.id}/${lane.id}`)).statusCode).toBe(404);
    expect((await (await t.as(agentB)).delete(`/ticket-tags/${ticket.id}`)).statusCode).toBe(404);
    const foreignLane = await f.tag(other.companyId, { kanban: 1 });
    expect((await api.put(`/ticket-tags/${ticket.id}/${foreignLane.id}`)).statusCode).toBe(404);
    const links = await t.database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
    expect(links.map((l) => l.tagId)).toEqual([lane.id]);
  });
});

describe('timed lanes and lane messages', () => {
  test('entering a lane greets the contact; after timeLane hours the card moves to the next lane, which greets too', async () => {
    const { f, companyId, admin } = await kanbanScenario(t);
    const done = await f.tag(companyId, { kanban: 1, name: 'Fechado', greetingMessageLane: 'Obrigado!' });
    const wait = await f.tag(companyId, {
      kanban: 1,
      name: 'Aguardando',
      timeLane: 2,
      nextLaneId: done.id,
      greetingMessageLane: 'Recebemos seu pedido',
    });
    const ticket = await f.ticket(companyId, { status: 'open', userId: admin.id });
    t.clock.set('2026-03-10T12:00:00Z');
    try {
      expect((await (await t.as(admin)).put(`/ticket-tags/${ticket.id}/${wait.id}`)).statusCode).toBe(200);
      await t.jobs.drain();
      expect(await bodiesOf(ticket.id)).toEqual(['Recebemos seu pedido']);
      expect(t.jobs.heldTimers('kanban.lane-timer').map((x) => x.dueAt.toISOString())).toEqual(['2026-03-10T14:00:00.000Z']);
      t.clock.advanceMinutes(119);
      await t.jobs.fireDueTimers();
      expect(await lanesOf(ticket.id)).toEqual([wait.id]);
      t.clock.advanceMinutes(1);
      await t.jobs.fireDueTimers();
      expect(await lanesOf(ticket.id)).toEqual([done.id]);
      expect(await bodiesOf(ticket.id)).toEqual(['Recebemos seu pedido', 'Obrigado!']);
      expect(
        ticketEvents(t, companyId, ticket.id)
          .at(-1)
          ?.payload.ticket?.tags.map((x) => x.id),
      ).toEqual([done.id]);
    } finally {
      t.clock.reset();
    }
  });

  test("a card moved out (or back in) before its time is not moved by the old entry's timer; a closed ticket is left alone", async () => {
    const { f, companyId, admin } = await kanbanScenario(t);
    const next = await f.tag(companyId, { kanban: 1 });
    const other = await f.tag(companyId, { kanban: 1 });
    const timed = await f.tag(companyId, { kanban: 1, timeLane: 1, nextLaneId: next.id });
    const ticket = await f.ticket(companyId);
    const closed = await f.ticket(companyId, { status: 'closed' });
    const api = await t.as(admin);
    t.clock.set('2026-03-10T12:00:00Z');
    try {
      await api.put(`/ticket-tags/${ticket.id}/${timed.id}`);
      await api.put(`/ticket-tags/${closed.id}/${timed.id}`);
      t.clock.advanceMinutes(30);
      await api.put(`/ticket-tags/${ticket.id}/${other.id}`);
      await api.put(`/ticket-tags/${ticket.id}/${timed.id}`); // a new entry, with its own timer
      t.clock.advanceMinutes(31);
      await t.jobs.fireDueTimers(); // the first entry's timer: nothing
      expect(await lanesOf(ticket.id)).toEqual([timed.id]);
      t.clock.advanceMinutes(30);
      await t.jobs.fireDueTimers();
      expect(await lanesOf(ticket.id)).toEqual([next.id]);
      expect(await lanesOf(closed.id)).toEqual([timed.id]);
    } finally {
      t.clock.reset();
    }
  });
});

async function lanesOf(ticketId: number) {
  return (await t.database.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map(
    (r) => r.tagId,
  );
}

async function bodiesOf(ticketId: number) {
  const rows = await t.database.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    .orderBy(messages.id);
  return rows.map((r) => r.body);
}
