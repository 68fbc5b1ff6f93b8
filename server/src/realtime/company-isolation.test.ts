import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import type { UserRow } from '../db/schema';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';
import { type Requester, useTestApp } from '../test/harness';

// Real sockets of two companies on a listening server: what company A does reaches none of company B's
// sockets (nor a socket of A whose user may not see the ticket). Every "received nothing" is concluded
// only after a positive control that is ordered after the event in question on that same socket: the
// server writes a socket's packets in the order it emits them, so a leaked event would have come first.
const t = useTestApp({}, { realSockets: true });
const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const WAIT_MS = 5_000;

async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function roomsOf(companyId: number, socket: Socket): Promise<string[]> {
  const sockets = await t.app.io.of(`/${companyId}`).fetchSockets();
  return [...(sockets.find((s) => s.id === socket.id)?.rooms ?? [])];
}

type Heard = { event: string; payload: unknown };

/**
 * A connected socket on the requester's session (t.as opens a new session and ends the user's others, so
 * each user gets one requester, made before any socket), already in `room`, recording every event.
 */
async function screenOf(user: UserRow, { token }: Requester, room: string) {
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  const heard: Heard[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await until(async () => (await roomsOf(user.companyId, socket)).includes(room), `${room} joined`);
  /** Resolves once an event of this name whose payload `match` accepts has arrived. */
  const arrival = (event: string, match: (payload: never) => boolean, what: string) =>
    until(() => heard.some((h) => h.event === event && match(h.payload as never)), what);
  return { socket, heard, arrival };
}

type MessageEvent = { action: string; message?: { body: string; ticketId: number } };
type TicketEvent = { action: string; ticket?: { id: number; status: string; queueId: number | null }; ticketId?: number };
const aboutTicket = (ticketId: number) => (h: Heard) => {
  const p = h.payload as MessageEvent & TicketEvent;
  return p?.ticket?.id === ticketId || p?.ticketId === ticketId || p?.message?.ticketId === ticketId;
};

test("company A's inbound message and ticket update reach A's screens and not B's, nor an agent of A who may not see the ticket", async () => {
  const adminA = await t.factory.admin();
  const a = adminA.companyId;
  const [queueA, otherQueue] = [await t.factory.queue(a), await t.factory.queue(a)];
  const agentA = await t.factory.user({ companyId: a });
  await t.factory.addUserToQueue(agentA.id, queueA.id);
  const adminB = await t.factory.admin();
  const b = adminB.companyId;
  const [customerA, customerB] = [customerOf(t, await simulatorConnection(t, adminA)), customerOf(t, await simulatorConnection(t, adminB))];

  const apiA = await t.as(adminA);
  const screenA = await screenOf(adminA, apiA, 'admins');
  const agentScreen = await screenOf(agentA, await t.as(agentA), `queue:${queueA.id}`);
  const screenB = await screenOf(adminB, await t.as(adminB), 'admins');

  // Company A: a customer writes (a new ticket, in no queue), then A's admin accepts it in a queue the agent
  // is not in.
  const inbound = await customerA.send({ from: customerNumber(), name: 'Cliente A', body: 'segredo de A' });
  expect(inbound.statusCode).toBe(200);
  const ticketA: number = inbound.json().ticketId;
  await screenA.arrival(`company-${a}-appMessage`, (p: MessageEvent) => p.message?.body === 'segredo de A', "A's message at A");
  const accepted = await apiA.put(`/tickets/${ticketA}`, { status: 'open', userId: adminA.id, queueId: otherQueue.id });
  expect(accepted.statusCode).toBe(200);
  await screenA.arrival(
    `company-${a}-ticket`,
    (p: TicketEvent) => p.ticket?.id === ticketA && p.ticket.status === 'open',
    "A's accept at A",
  );
  await t.jobs.drain(); // whatever A's jobs emit has been emitted too

  // Positive controls, emitted after all of A's events: B's own message reaches B ...
  expect((await customerB.send({ from: customerNumber(), name: 'Cliente B', body: 'mensagem de B' })).statusCode).toBe(200);
  await screenB.arrival(`company-${b}-appMessage`, (p: MessageEvent) => p.message?.body === 'mensagem de B', "B's message at B");
  // ... and the agent of A hears the ticket once it is moved into the agent's queue.
  const moved = await apiA.put(`/tickets/${ticketA}`, { queueId: queueA.id, userId: null, isTransfered: true });
  expect(moved.statusCode).toBe(200);
  await agentScreen.arrival(
    `company-${a}-ticket`,
    (p: TicketEvent) => p.ticket?.id === ticketA && p.ticket.queueId === queueA.id,
    'the transfer at the agent of the queue',
  );

  // B heard only company B's events, B's message among them, and nothing that mentions A's conversation.
  const ownPrefix = new RegExp(`^company-?${b}-`);
  expect(screenB.heard.length).toBeGreaterThan(0);
  expect(screenB.heard.filter((h) => !ownPrefix.test(h.event))).toEqual([]);
  expect(screenB.heard.filter((h) => JSON.stringify(h.payload).includes('segredo de A') || aboutTicket(ticketA)(h))).toEqual([]);
  // A's screen did hear the message and the accept (what B would have heard had it leaked).
  expect(screenA.heard.filter(aboutTicket(ticketA)).length).toBeGreaterThanOrEqual(2);

  // The agent of A (queue A only) heard nothing of the ticket while it sat in no queue or another queue: its
  // first event about the ticket is the transfer into its queue.
  const agentHeard = agentScreen.heard.filter((h) => h.event.startsWith(`company-${a}-`) && aboutTicket(ticketA)(h));
  expect(agentHeard[0]).toMatchObject({
    event: `company-${a}-ticket`,
    payload: { action: 'update', ticket: { id: ticketA, queueId: queueA.id } },
  });
});
