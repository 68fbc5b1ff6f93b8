import type { CompanyEvents, TicketViewer } from '@chatflow/contract';
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

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Payload = CompanyEvents['ticketViewers'];

/** A connected socket of the user recording every ticketViewers event it receives, from any company prefix. */
async function screenOf(user: UserRow) {
  const { token } = await t.as(user);
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const got: Payload[] = [];
  socket.onAny((name: string, payload: Payload) => {
    if (name.endsWith('-ticketViewers')) got.push(payload);
  });
  /** The last list heard for a ticket. */
  const last = (uuid: string): TicketViewer[] | undefined => got.filter((p) => p.ticketUuid === uuid).at(-1)?.viewers;
  const join = (uuid: string) => socket.timeout(WAIT_MS).emitWithAck('joinChatBox', uuid) as Promise<boolean>;
  return { socket, got, last, join };
}

const seen = (viewers: TicketViewer[] | undefined) => viewers?.map((v) => `${v.name}${v.typing ? ' (typing)' : ''}`).sort();

describe('who else is viewing a ticket', () => {
  test('two agents on one ticket see each other and who types; typing ends by a stop, leaving and disconnecting update the list', async () => {
    const { f, companyId, agent, member, queueA } = await inboxScenario(t);
    const maria = await member([queueA.id], { name: 'Maria' });
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const [mine, hers] = [await screenOf(agent), await screenOf(maria)];

    expect(await mine.join(ticket.uuid)).toBe(true);
    await until(() => seen(mine.last(ticket.uuid))?.length === 1, 'the first viewer hears itself');
    expect(await hers.join(ticket.uuid)).toBe(true);
    await until(() => seen(mine.last(ticket.uuid))?.length === 2, 'the first agent hears Maria arrive');
    await until(() => seen(hers.last(ticket.uuid))?.length === 2, 'Maria hears both');
    expect(seen(hers.last(ticket.uuid))).toEqual([agent.name, 'Maria'].sort());

    // Maria types: the other agent sees it; further beats change nothing, so they send nothing.
    hers.socket.emit('typing', ticket.uuid, true);
    await until(() => seen(mine.last(ticket.uuid))?.includes('Maria (typing)') === true, 'Maria is typing');
    const heard = mine.got.length;
    hers.socket.emit('typing', ticket.uuid, true);
    hers.socket.emit('typing', ticket.uuid, false);
    await until(() => seen(mine.last(ticket.uuid))?.includes('Maria') === true, 'Maria stopped typing');
    expect(mine.got.length).toBe(heard + 1);

    // A beat for a ticket the socket does not view is ignored.
    const other = await f.ticket(companyId, { queueId: queueA.id });
    hers.socket.emit('typing', other.uuid, true);

    // Maria opens another ticket: she leaves this one (one ticket at a time per screen).
    expect(await hers.join(other.uuid)).toBe(true);
    await until(() => seen(mine.last(ticket.uuid))?.length === 1, 'Maria left when she opened another ticket');
    expect(seen(mine.last(ticket.uuid))).toEqual([agent.name]);
    await until(() => seen(hers.last(other.uuid))?.length === 1, 'Maria views the other ticket alone');
    expect(mine.got.some((p) => p.ticketUuid === other.uuid)).toBe(false);

    // Back to the first ticket, then she closes it, then she comes back and disconnects.
    expect(await hers.join(ticket.uuid)).toBe(true);
    await until(() => seen(mine.last(ticket.uuid))?.length === 2, 'Maria is back');
    hers.socket.emit('leaveChatBox', ticket.uuid);
    await until(() => seen(mine.last(ticket.uuid))?.length === 1, 'Maria left the conversation');
    expect(await hers.join(ticket.uuid)).toBe(true);
    await until(() => seen(mine.last(ticket.uuid))?.length === 2, 'Maria is back again');
    hers.socket.emit('typing', ticket.uuid, true);
    await until(() => seen(mine.last(ticket.uuid))?.includes('Maria (typing)') === true, 'Maria types again');
    hers.socket.disconnect();
    await until(() => seen(mine.last(ticket.uuid))?.length === 1, 'Maria disconnected');
    expect(seen(mine.last(ticket.uuid))).toEqual([agent.name]);
  });

  test('one user with two tabs is one viewer', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const [tab1, tab2] = [await screenOf(agent), await screenOf(agent)];
    await tab1.join(ticket.uuid);
    await tab2.join(ticket.uuid);
    tab2.socket.emit('typing', ticket.uuid, true);
    await until(() => tab1.last(ticket.uuid)?.[0]?.typing === true, 'the second tab types');
    expect(tab1.last(ticket.uuid)).toEqual([{ userId: agent.id, name: agent.name, typing: true }]);
  });

  test('a user who may not see the ticket, or of another company, neither joins nor hears its viewers', async () => {
    const { f, companyId, agent, agentB, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const stranger = await t.factory.admin(); // an admin, of another company
    const [mine, otherQueue, foreign] = [await screenOf(agent), await screenOf(agentB), await screenOf(stranger)];

    expect(await otherQueue.join(ticket.uuid)).toBe(false);
    expect(await foreign.join(ticket.uuid)).toBe(false);
    otherQueue.socket.emit('typing', ticket.uuid, true);
    foreign.socket.emit('typing', ticket.uuid, true);
    expect(await mine.join(ticket.uuid)).toBe(true);
    mine.socket.emit('typing', ticket.uuid, true);
    await until(() => mine.last(ticket.uuid)?.[0]?.typing === true, 'the agent types');

    // Each socket receives its events in order: a marker sent after all the above reaches everyone after them.
    const markers = [otherQueue, foreign].map(
      ({ socket }) => new Promise<void>((resolve) => socket.onAny((name: string) => name.endsWith('-user') && resolve())),
    );
    t.app.realtime.toCompany(companyId, 'user', { action: 'delete', userId: -1 });
    t.app.realtime.toCompany(stranger.companyId, 'user', { action: 'delete', userId: -1 });
    await Promise.all(markers);
    expect(otherQueue.got).toEqual([]);
    expect(foreign.got).toEqual([]);
    // The agent heard itself arrive, then type: the refused ones added nobody.
    expect(mine.got.map((p) => seen(p.viewers))).toEqual([[agent.name], [`${agent.name} (typing)`]]);
  });
});
