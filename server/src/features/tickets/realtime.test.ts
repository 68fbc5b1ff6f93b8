import type { TicketView } from '@chatflow/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, test } from 'vitest';
import type { UserRow } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { inboxScenario } from './testing';

const t = useTestApp({}, { realSockets: true });
const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const WAIT_MS = 5_000;

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function online(user: UserRow): Promise<Socket> {
  const { token } = await t.as(user);
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await until(async () => (await roomsOf(user.companyId, socket)).some((r) => r.startsWith('user:')), 'joined its rooms');
  return socket;
}

async function roomsOf(companyId: number, socket: Socket): Promise<string[]> {
  const sockets = await t.app.io.of(`/${companyId}`).fetchSockets();
  return [...(sockets.find((s) => s.id === socket.id)?.rooms ?? [])];
}

/** Every ticket event a socket receives. */
function record(socket: Socket, companyId: number) {
  const got: { action: string; ticket?: TicketView; ticketId?: number }[] = [];
  socket.on(`company-${companyId}-ticket`, (p) => got.push(p));
  return got;
}

describe('chat box', () => {
  test("a socket joins a ticket's chat box only when its user may see the ticket", async () => {
    const { f, companyId, agent, queueA, queueB } = await inboxScenario(t);
    const visible = await f.ticket(companyId, { queueId: queueA.id });
    const hidden = await f.ticket(companyId, { queueId: queueB.id });
    const foreign = await f.ticket((await t.factory.company()).id);
    const socket = await online(agent);
    // Each join is acknowledged once the server has decided it, so the refusals are known, not waited out.
    const answers = await Promise.all(
      [hidden.uuid, foreign.uuid, 'not-a-uuid', visible.uuid].map((uuid) => socket.timeout(WAIT_MS).emitWithAck('joinChatBox', uuid)),
    );
    expect(answers).toEqual([false, false, false, true]);
    const rooms = await roomsOf(companyId, socket);
    expect(rooms.filter((r) => r.startsWith('chatbox:'))).toEqual([`chatbox:${visible.uuid}`]);
  });
});

describe('rooms follow the user', () => {
  test("after an admin changes a user's queues and flags, their socket's rooms change at once", async () => {
    const { f, companyId, admin, agent, queueA, queueB } = await inboxScenario(t);
    const socket = await online(agent);
    // the visibility rooms are joined just after connecting (they need the user's queues)
    await until(async () => (await roomsOf(companyId, socket)).includes(`queue:${queueA.id}`), 'joined queue A');
    expect(
      (await roomsOf(companyId, socket)).filter((r) => !r.startsWith('user:') && !r.startsWith('session:') && r !== socket.id),
    ).toEqual([`queue:${queueA.id}`]);
    const res = await (await t.as(admin)).put(`/users/${agent.id}`, { queueIds: [queueB.id], allowGroup: true, allTicket: 'enable' });
    expect(res.statusCode).toBe(200);
    await until(async () => (await roomsOf(companyId, socket)).includes(`queue:${queueB.id}`), 'joined queue B');
    const rooms = await roomsOf(companyId, socket);
    expect(rooms).not.toContain(`queue:${queueA.id}`);
    expect(rooms).toEqual(expect.arrayContaining(['groups', 'no-queue']));
    // and the chat box rule reads the new queues too
    const inB = await f.ticket(companyId, { queueId: queueB.id });
    socket.emit('joinChatBox', inB.uuid);
    await until(async () => (await roomsOf(companyId, socket)).includes(`chatbox:${inB.uuid}`), 'joined the chat box in B');
  });
});

describe("ticket events reach exactly the ticket's audience", () => {
  test('an accept is heard by the queue and admins, not by another queue; a transfer drops it from the old queue', async () => {
    const { f, companyId, admin, agent, agentB, queueA, queueB } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const [adminSocket, agentSocket, agentBSocket] = [await online(admin), await online(agent), await online(agentB)];
    await until(async () => (await roomsOf(companyId, agentSocket)).includes(`queue:${queueA.id}`), 'agent in queue A');
    await until(async () => (await roomsOf(companyId, agentBSocket)).includes(`queue:${queueB.id}`), 'agent B in queue B');
    await until(async () => (await roomsOf(companyId, adminSocket)).includes('admins'), 'admin in admins');
    const [byAdmin, byAgent, byAgentB] = [record(adminSocket, companyId), record(agentSocket, companyId), record(agentBSocket, companyId)];

    await (await t.as(agent)).put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id });
    await until(async () => byAdmin.some((e) => e.action === 'update'), 'the admin heard the accept');
    await until(async () => byAgent.some((e) => e.action === 'update'), 'the agent heard the accept');
    expect(byAgent.at(-1)?.ticket).toMatchObject({ id: ticket.id, status: 'open', userId: agent.id });

    await (await t.as(admin)).put(`/tickets/${ticket.id}`, { isTransfered: true, queueId: queueB.id, userId: agentB.id });
    await until(async () => byAgentB.some((e) => e.action === 'update'), 'agent B heard the transfer');
    await until(async () => byAgent.some((e) => e.action === 'removeFromList'), 'agent A was told to drop it');
    // agent B heard nothing of the ticket while it was in queue A
    expect(byAgentB.map((e) => e.action)).toEqual(['update']);
  });
});
