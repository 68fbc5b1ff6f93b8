import type { TicketView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { contacts, ticketTags, tickets, type UserRow } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../../test/simulator';
import { kanbanScenario } from './testing';

const t = useTestApp({}, { realSockets: true });
const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const WAIT_MS = 10_000;

async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A signed-in browser's socket, once the server has put it in its visibility rooms. */
async function online(user: UserRow): Promise<{ user: UserRow; socket: Socket; got: { action: string; ticket?: TicketView }[] }> {
  const { token } = await t.as(user);
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  const got: { action: string; ticket?: TicketView }[] = [];
  socket.on(`company-${user.companyId}-ticket`, (p) => got.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await until(async () => {
    const sockets = await t.app.io.of(`/${user.companyId}`).fetchSockets();
    return [...(sockets.find((s) => s.id === socket.id)?.rooms ?? [])].some((r) => r.startsWith('user:'));
  }, 'joined its rooms');
  return { user, socket, got };
}

test("a card move reaches the boards of the users who may see the ticket, and no one else's", async () => {
  const { f, companyId, admin, agent, agentB, queueA, queueB } = await kanbanScenario(t);
  const lane = await f.tag(companyId, { kanban: 1 });
  const ticketA = await f.ticket(companyId, { queueId: queueA.id });
  const ticketB = await f.ticket(companyId, { queueId: queueB.id });
  const [seesA, seesB, boss] = [await online(agent), await online(agentB), await online(admin)];
  const stranger = await online(await t.factory.admin());
  const api = await t.as(admin);
  expect((await api.put(`/ticket-tags/${ticketA.id}/${lane.id}`)).statusCode).toBe(200);
  expect((await api.put(`/ticket-tags/${ticketB.id}/${lane.id}`)).statusCode).toBe(200);
  // A third move, of A's ticket back to the default lane: a socket holding an event sent after the move
  // of B's ticket has been sent all it was going to get of that move.
  expect((await api.inject({ method: 'DELETE', url: `/ticket-tags/${ticketA.id}?kanban=1` })).statusCode).toBe(200);
  await until(() => seesB.got.length > 0 && boss.got.length >= 3 && seesA.got.length >= 2, 'the moves arrived');
  expect(seesA.got.map((e) => e.ticket?.id)).toEqual([ticketA.id, ticketA.id]);
  expect(seesA.got.map((e) => e.ticket?.tags.map((x) => x.id))).toEqual([[lane.id], []]);
  expect(seesB.got.map((e) => e.ticket?.id)).toEqual([ticketB.id]);
  expect(boss.got.map((e) => e.ticket?.id)).toEqual([ticketA.id, ticketB.id, ticketA.id]);
  // The other company's socket: a move in its own company arrives, nothing before it.
  const own = await f.ticket(stranger.user.companyId);
  const ownLane = await f.tag(stranger.user.companyId, { kanban: 1 });
  expect((await (await t.as(stranger.user)).put(`/ticket-tags/${own.id}/${ownLane.id}`)).statusCode).toBe(200);
  await until(() => stranger.got.length > 0, "the other company's own move arrived");
  expect(stranger.got.map((e) => e.ticket?.id)).toEqual([own.id]);
});

test("a customer's reply moves a card in a lane with a rollback lane back to it; a card in another lane stays", async () => {
  const { admin, companyId, f } = await kanbanScenario(t);
  const conn = await simulatorConnection(t, admin);
  const negotiation = await f.tag(companyId, { kanban: 1, name: 'Negociação' });
  const proposal = await f.tag(companyId, { kanban: 1, name: 'Proposta', rollbackLaneId: negotiation.id });
  const phone = customerOf(t, conn);
  const number = customerNumber();
  const write = async (body: string) => {
    expect((await phone.send({ from: number, name: 'Cliente', body })).statusCode).toBe(200);
    await t.jobs.drain();
  };
  await write('oi');
  const [{ id: ticketId }] = await t.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.connectionId, conn.id), eq(contacts.number, number)));
  const api = await t.as(admin);
  expect((await api.put(`/ticket-tags/${ticketId}/${proposal.id}`)).statusCode).toBe(200);
  await write('tenho uma dúvida');
  const lanes = async () => (await t.database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((r) => r.tagId);
  expect(await lanes()).toEqual([negotiation.id]);
  await write('e mais uma');
  expect(await lanes()).toEqual([negotiation.id]);
});

test('customers writing at the same moment: only the card in a lane with a rollback lane moves', async () => {
  const { admin, companyId, f } = await kanbanScenario(t);
  const conn = await simulatorConnection(t, admin);
  const negotiation = await f.tag(companyId, { kanban: 1, name: 'Negociação' });
  const proposal = await f.tag(companyId, { kanban: 1, name: 'Proposta', rollbackLaneId: negotiation.id });
  const won = await f.tag(companyId, { kanban: 1, name: 'Ganho' });
  const phone = customerOf(t, conn);
  const numbers = [customerNumber(), customerNumber()];
  const writeAll = async (body: string) => {
    const answers = await Promise.all(numbers.map((from) => phone.send({ from, name: 'Cliente', body })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await t.jobs.drain();
  };
  await writeAll('oi');
  const ticketOf = async (number: string) =>
    (
      await t.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.connectionId, conn.id), eq(contacts.number, number)))
    )[0].id;
  const [inProposal, inWon] = [await ticketOf(numbers[0]), await ticketOf(numbers[1])];
  const api = await t.as(admin);
  expect((await api.put(`/ticket-tags/${inProposal}/${proposal.id}`)).statusCode).toBe(200);
  expect((await api.put(`/ticket-tags/${inWon}/${won.id}`)).statusCode).toBe(200);
  await writeAll('tenho uma dúvida');
  const lanesOf = async (ticketId: number) =>
    (await t.database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((r) => r.tagId);
  expect(await lanesOf(inProposal)).toEqual([negotiation.id]);
  expect(await lanesOf(inWon)).toEqual([won.id]);
});
