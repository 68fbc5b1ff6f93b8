import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import type { UserRow } from '../../db/schema';
import { type Requester, useTestApp } from '../../test/harness';

// Real sockets on a listening server: a chat's messages reach its members' sockets and nobody else's,
// neither a colleague of the same company outside the chat nor another company. "Heard nothing" is
// concluded only after a positive control sent after the message on that same socket (packets to one
// socket leave in the order they were emitted, so a leaked message would have arrived first).
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

type Heard = { event: string; payload: { action?: string; message?: { message: string }; id?: number; record?: { title: string } } };

/** A connected socket on the requester's session, already in its user room, recording every event. */
async function screenOf(user: UserRow, { token }: Requester) {
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  const heard: Heard[] = [];
  socket.onAny((event: string, payload: Heard['payload']) => heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const inRoom = async () =>
    (await t.app.io.of(`/${user.companyId}`).fetchSockets()).find((s) => s.id === socket.id)?.rooms.has(`user:${user.id}`) ?? false;
  const deadline = Date.now() + WAIT_MS;
  while (!(await inRoom())) {
    if (Date.now() > deadline) throw new Error('user room not joined');
    await new Promise((r) => setTimeout(r, 20));
  }
  const saw = (text: string) => heard.some((h) => h.payload?.message?.message === text);
  return { heard, saw, arrival: (text: string) => until(() => saw(text), `"${text}" at user ${user.id}`) };
}

test('a chat message reaches the members sockets only: not a colleague outside the chat, not another company', async () => {
  const owner = await t.factory.user();
  const mate = await t.factory.user({ companyId: owner.companyId });
  const colleague = await t.factory.user({ companyId: owner.companyId });
  const stranger = await t.factory.admin();
  const [ownerApi, mateApi, colleagueApi, strangerApi] = [await t.as(owner), await t.as(mate), await t.as(colleague), await t.as(stranger)];
  const [ownerScreen, mateScreen, colleagueScreen, strangerScreen] = [
    await screenOf(owner, ownerApi),
    await screenOf(mate, mateApi),
    await screenOf(colleague, colleagueApi),
    await screenOf(stranger, strangerApi),
  ];

  const chat = (await ownerApi.post('/chats', { title: 'Segredos', users: [mate.id] })).json();
  expect((await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'senha do cofre' })).statusCode).toBe(200);
  await mateScreen.arrival('senha do cofre');
  await ownerScreen.arrival('senha do cofre');

  // Positive controls, sent after the secret: each other socket gets a message of a chat it is in.
  const control = (await colleagueApi.post('/chats', { title: 'Controle', users: [owner.id] })).json();
  await colleagueApi.post(`/chats/${control.id}/messages`, { message: 'controle A' });
  await colleagueScreen.arrival('controle A');
  const strangerMate = await t.factory.user({ companyId: stranger.companyId });
  const strangerChat = (await strangerApi.post('/chats', { title: 'Controle B', users: [strangerMate.id] })).json();
  await strangerApi.post(`/chats/${strangerChat.id}/messages`, { message: 'controle B' });
  await strangerScreen.arrival('controle B');

  const mentionsSecret = (h: Heard) =>
    JSON.stringify(h.payload).includes('Segredos') || JSON.stringify(h.payload).includes('senha do cofre');
  expect(colleagueScreen.heard.filter(mentionsSecret)).toEqual([]);
  expect(strangerScreen.heard.filter(mentionsSecret)).toEqual([]);
  expect(strangerScreen.heard.every((h) => h.event.startsWith(`company-${stranger.companyId}-`))).toBe(true);
  // The member heard the chat's creation and the message as company-{id}-chat events.
  expect(mateScreen.heard.filter((h) => h.event === `company-${owner.companyId}-chat`).map((h) => h.payload.action)).toEqual([
    'create',
    'new-message',
  ]);
});

test('a member removed by the owner stops receiving the chat', async () => {
  const owner = await t.factory.user();
  const mate = await t.factory.user({ companyId: owner.companyId });
  const leaver = await t.factory.user({ companyId: owner.companyId });
  const ownerApi = await t.as(owner);
  const leaverApi = await t.as(leaver);
  const leaverScreen = await screenOf(leaver, leaverApi);
  const mateScreen = await screenOf(mate, await t.as(mate));
  const chat = (await ownerApi.post('/chats', { title: 'Time', users: [mate.id, leaver.id] })).json();
  await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'antes' });
  await leaverScreen.arrival('antes');

  await ownerApi.put(`/chats/${chat.id}`, { title: 'Time', users: [mate.id] });
  await until(() => leaverScreen.heard.some((h) => h.payload?.action === 'delete' && h.payload.id === chat.id), 'the delete at the leaver');
  await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'depois' });
  await mateScreen.arrival('depois');
  // Control for the leaver: a chat of its own, created after "depois" was sent.
  const own = (await leaverApi.post('/chats', { title: 'Próprio', users: [owner.id] })).json();
  await until(() => leaverScreen.heard.some((h) => h.payload?.action === 'create' && h.payload.record?.title === 'Próprio'), 'own chat');
  expect(own.id).toBeGreaterThan(0);
  expect(leaverScreen.saw('depois')).toBe(false);
});
