import type { UserRow } from '../../db/schema';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';

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

const CONVERSATION_EVENTS = ['contact', 'ticket', 'appMessage'];

/** A connected socket of the user, in its visibility rooms, recording the conversation events it receives (names without the company prefix). */
async function screenOf(user: UserRow) {
  const { token } = await t.as(user);
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await until(async () => (await roomsOf(user.companyId, socket)).includes('admins'), 'joined the admins room');
  const got: { event: string; action: string; unread?: number; ack?: number }[] = [];
  socket.onAny((name: string, p: { action: string; ticket?: { unreadMessages: number }; message?: { ack: number } }) => {
    const event = name.replace(`company-${user.companyId}-`, '');
    if (!CONVERSATION_EVENTS.includes(event)) return; // presence and the like
    got.push({
      event,
      action: p.action,
      ...(p.ticket ? { unread: p.ticket.unreadMessages } : {}),
      ...(p.message ? { ack: p.message.ack } : {}),
    });
  });
  return { socket, got };
}

let markers = 0;

/**
 * Waits until each screen holds everything the server has emitted so far: the jobs (send, acks) are
 * drained, then a marker is emitted to the company and awaited on every socket. A socket receives its
 * events in the order they were emitted, so once the marker is in, nothing emitted before it is missing.
 */
async function settled(companyId: number, ...screens: { socket: Socket }[]) {
  await t.jobs.drain();
  const marker = -++markers;
  const event = `company-${companyId}-user`;
  const arrivals = screens.map(
    ({ socket }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`marker ${marker} not heard within ${WAIT_MS} ms`)), WAIT_MS);
        const on = (p: { userId?: number }) => {
          if (p.userId !== marker) return;
          clearTimeout(timer);
          socket.off(event, on);
          resolve();
        };
        socket.on(event, on);
      }),
  );
  t.app.realtime.toCompany(companyId, 'user', { action: 'delete', userId: marker });
  await Promise.all(arrivals);
}

/** The simulated customer of a new simulator connection of the admin's company (the simulator's HTTP face). */
async function customerOf(admin: UserRow) {
  const res = await (await t.as(admin)).post('/whatsapp', { name: `Simulador ${admin.id}`, provider: 'simulator' });
  expect(res.statusCode, res.body).toBe(200);
  const { id, token } = res.json() as { id: number; token: string };
  const from = `55118${String(Date.now()).slice(-8)}`;
  const send = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/simulator/${id}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { from, ...body },
    });
  return { send };
}

test('a message reaches each socket as one event carrying its ticket, in one order, from a customer or an agent', async () => {
  const admin = await t.factory.admin();
  const companyId = admin.companyId;
  const second = await t.factory.admin({ companyId });
  const customer = await customerOf(admin);
  const [reading, watching] = [await screenOf(admin), await screenOf(second)];

  // A first message opens its ticket: the contact, then the new ticket, then the message.
  const first = (await customer.send({ name: 'Ana', body: 'oi' })).json();
  await settled(companyId, reading, watching);
  for (const screen of [reading, watching]) {
    expect(screen.got).toEqual([
      { event: 'contact', action: 'create' },
      { event: 'ticket', action: 'update', unread: 1 },
      { event: 'appMessage', action: 'create', unread: 1, ack: 1 },
    ]);
  }

  // The first admin opens the conversation (its chat box); the second keeps the ticket in its list.
  const uuid = (await (await t.as(admin)).get(`/tickets/${first.ticketId}`)).json().uuid;
  reading.socket.emit('joinChatBox', uuid);
  await until(async () => (await roomsOf(companyId, reading.socket)).includes(`chatbox:${uuid}`), 'joined the chat box');
  reading.got.length = 0;
  watching.got.length = 0;

  // The next message of the customer: one event per socket, even for the one in both the audience and the chat box.
  await customer.send({ body: 'tudo bem?' });
  await settled(companyId, reading, watching);
  expect(reading.got).toEqual([{ event: 'appMessage', action: 'create', unread: 2, ack: 1 }]);
  expect(watching.got).toEqual([{ event: 'appMessage', action: 'create', unread: 2, ack: 1 }]);

  // Read on the first screen, then an agent's reply: the badge goes to 0 and stays there on every screen.
  expect((await (await t.as(admin)).post(`/tickets/${first.ticketId}/read`)).json()).toEqual({
    ticketId: first.ticketId,
    unreadMessages: 0,
  });
  await settled(companyId, reading, watching);
  reading.got.length = 0;
  watching.got.length = 0;
  await (await t.as(admin)).put(`/tickets/${first.ticketId}`, { status: 'open', userId: admin.id });
  await settled(companyId, reading, watching);
  reading.got.length = 0;
  watching.got.length = 0;
  expect((await (await t.as(admin)).post(`/messages/${first.ticketId}`, { body: 'Olá, Ana' })).statusCode).toBe(200);
  await t.jobs.drain();
  await settled(companyId, reading, watching);
  for (const screen of [reading, watching]) {
    // Created at ack 0, then the send job's "sent" and the simulator's delivered and read. The test queue runs the
    // simulator's delayed acks at once, so "delivered" may beat the send job's own write: that write then
    // announces the ack already stored (greatest of the two), never a lower one.
    const [created, ...updates] = screen.got;
    expect(created).toEqual({ event: 'appMessage', action: 'create', unread: 0, ack: 0 });
    for (const update of updates) expect(update).toMatchObject({ event: 'appMessage', action: 'update', unread: 0 });
    const acks = updates.map((u) => u.ack ?? -1);
    expect(acks).toEqual([...acks].sort((a, b) => a - b));
    expect(acks.length).toBeLessThanOrEqual(3);
    expect(acks.at(-1)).toBe(3);
  }
});
