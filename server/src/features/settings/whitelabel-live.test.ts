import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import type { UserRow } from '../../db/schema';
import { type Requester, useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';

// Real sockets: a whitelabel change reaches the open sessions of every company on its settings
// channel, so their theme, name and logos change without a reload; private global keys never travel.
const t = useTestApp({}, { realSockets: true });
const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

type Heard = { event: string; payload: { setting?: { key: string; value: string } } };

async function screenOf(user: UserRow, { token }: Requester) {
  const socket = connect(`${t.url}/${user.companyId}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  const heard: Heard[] = [];
  socket.onAny((event: string, payload: Heard['payload']) => heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const settings = () => heard.filter((h) => h.event === `company-${user.companyId}-settings`).map((h) => h.payload.setting);
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { settings, until };
}

test('a new app name, colour and logo reach another company s logged-in socket; secrets and private keys do not', async () => {
  const operator = await t.factory.superUser();
  const agent = await t.factory.user();
  const operatorApi = await t.as(operator);
  const screen = await screenOf(agent, await t.as(agent));

  await operatorApi.put('/settings/stripePrivateKey', { value: 'sk_live_never_sent' });
  await operatorApi.put('/settings/userCreation', { value: 'disabled' });
  await operatorApi.put('/settings/primaryColorLight', { value: '#aa00cc' });
  await operatorApi.put('/settings/appName', { value: 'Atende Já' });
  await screen.until(() => screen.settings().some((s) => s?.key === 'appName'), 'appName');
  // Events to one socket arrive in the order they were sent: the earlier private keys would be here.
  expect(screen.settings()).toEqual([
    { key: 'primaryColorLight', value: '#aa00cc' },
    { key: 'appName', value: 'Atende Já' },
  ]);

  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  const form = multipart([
    { name: 'mode', value: 'Favicon' },
    { name: 'file', value: png, filename: 'favicon.png', type: 'image/png' },
  ]);
  const uploaded = await operatorApi.inject({ method: 'POST', url: '/settings-whitelabel/logo', ...form });
  expect(uploaded.statusCode).toBe(200);
  await screen.until(() => screen.settings().some((s) => s?.key === 'appLogoFavicon'), 'favicon');
  expect(screen.settings().at(-1)).toEqual({ key: 'appLogoFavicon', value: uploaded.json() });
});
