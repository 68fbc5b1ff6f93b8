import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { TINY_PNG } from '../../test/simulator';

const t = useTestApp();

async function adminWithSimulator() {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const conn = (await api.post('/whatsapp', { name: 'Sim', provider: 'simulator' })).json();
  return { admin, api, conn };
}

const sessionEvents = (companyId: number) =>
  t.sent
    .filter((e) => e.event === `company-${companyId}-whatsappSession`)
    .map((e) => (e.payload as { session: { status: string } }).session.status);

test('disconnect, try again and new QR move the session and announce each status on whatsappSession', async () => {
  const { admin, api, conn } = await adminWithSimulator();
  expect((await api.delete(`/whatsappsession/admin/${conn.id}`)).statusCode).toBe(200);
  expect((await api.get(`/whatsapp/${conn.id}`)).json().status).toBe('DISCONNECTED');
  expect((await api.post(`/whatsappsession/${conn.id}`)).statusCode).toBe(200);
  expect((await api.get(`/whatsapp/${conn.id}`)).json().status).toBe('CONNECTED');
  expect((await api.put(`/whatsappsession/${conn.id}`)).statusCode).toBe(200);
  // "Delete session during edit" ends the login and starts afresh (the simulator has no login to forget).
  expect((await api.delete(`/whatsappsession/${conn.id}`)).statusCode).toBe(200);
  expect(sessionEvents(admin.companyId)).toEqual([
    'CONNECTED',
    'DISCONNECTED',
    'CONNECTED',
    'DISCONNECTED',
    'CONNECTED',
    'DISCONNECTED',
    'CONNECTED',
  ]);
  for (const e of t.sent.filter((x) => x.companyId === admin.companyId)) expect(JSON.stringify(e.payload)).not.toContain(conn.token);
});

test('disconnecting a connection whose provider is not running still stores and announces DISCONNECTED', async () => {
  const { admin, api, conn } = await adminWithSimulator();
  await t.database.db.update(connections).set({ status: 'qrcode', qrcode: 'abc' }).where(eq(connections.id, conn.id));
  await t.channels.stop(conn.id);
  await t.database.db.update(connections).set({ status: 'qrcode', qrcode: 'abc' }).where(eq(connections.id, conn.id));
  expect((await api.delete(`/whatsappsession/admin/${conn.id}`)).statusCode).toBe(200);
  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, conn.id));
  expect(row).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
  expect(sessionEvents(admin.companyId).at(-1)).toBe('DISCONNECTED');
});

test('a provider this build cannot run answers ERR_WAPP_NOT_INITIALIZED to start, new QR and pairing code', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const beta = (await api.post('/whatsapp', { name: 'Celular' })).json();
  for (const res of [
    await api.post(`/whatsappsession/${beta.id}`),
    await api.put(`/whatsappsession/${beta.id}`),
    await api.post(`/whatsappsession/${beta.id}/pairing-code`, { phoneNumber: '+55 11 99999-0000' }),
  ]) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
  }
});

test('the simulator refuses a pairing code with ERR_PAIRING_CODE_UNSUPPORTED; a malformed phone is a 400 field error', async () => {
  const { api, conn } = await adminWithSimulator();
  const res = await api.post(`/whatsappsession/${conn.id}/pairing-code`, { phoneNumber: '5511999990000' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_PAIRING_CODE_UNSUPPORTED' });
  const bad = await api.inject({
    method: 'POST',
    url: `/whatsappsession/${conn.id}/pairing-code`,
    payload: { phoneNumber: '12' },
    headers: { 'accept-language': 'en' },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fields[0]).toMatchObject({ field: 'phoneNumber', message: 'Invalid value' });
});

test('restart all restarts every runnable connection of the company only', async () => {
  const { admin, api, conn } = await adminWithSimulator();
  const other = await adminWithSimulator();
  const before = sessionEvents(other.admin.companyId).length;
  expect((await api.post('/whatsapp-restart/')).statusCode).toBe(200);
  expect(sessionEvents(admin.companyId).slice(-2)).toEqual(['DISCONNECTED', 'CONNECTED']);
  expect(sessionEvents(other.admin.companyId)).toHaveLength(before);
  expect((await api.get(`/whatsapp/${conn.id}`)).json().status).toBe('CONNECTED');
});

test('session routes, token and media: a user profile gets 403, another company 404', async () => {
  const { admin, conn } = await adminWithSimulator();
  const user = await t.as(await t.factory.user({ companyId: admin.companyId }));
  const stranger = await t.as(await t.factory.admin());
  const png = multipart([{ name: 'file', value: TINY_PNG, filename: 'a.png', type: 'image/png' }]);
  const calls = (api: typeof user) => [
    api.post(`/whatsappsession/${conn.id}`),
    api.put(`/whatsappsession/${conn.id}`),
    api.delete(`/whatsappsession/${conn.id}`),
    api.delete(`/whatsappsession/admin/${conn.id}`),
    api.post(`/whatsappsession/${conn.id}/pairing-code`, { phoneNumber: '5511999990000' }),
    api.post(`/whatsapp/${conn.id}/token`),
    api.inject({ method: 'POST', url: `/whatsapp/${conn.id}/media-upload`, ...png }),
    api.delete(`/whatsapp/${conn.id}/media-upload`),
    api.post(`/closedimported/${conn.id}`),
  ];
  for (const res of await Promise.all(calls(user))) expect(res.statusCode).toBe(403);
  expect((await user.post('/whatsapp-restart/')).statusCode).toBe(403);
  for (const res of await Promise.all(calls(stranger))) {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  }
  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, conn.id));
  expect(row).toMatchObject({ token: conn.token, status: 'CONNECTED', greetingMediaAttachment: '' });
});

test('greeting media: an image is stored and served, a text file refused, removal clears it', async () => {
  const { api, conn } = await adminWithSimulator();
  const png = multipart([{ name: 'file', value: TINY_PNG, filename: 'oi.png', type: 'image/png' }]);
  const res = await api.inject({ method: 'POST', url: `/whatsapp/${conn.id}/media-upload`, ...png });
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().greetingMediaAttachment;
  expect(url).toMatch(/^\/public\/company\d+\/connections\/[0-9a-f]{32}\.png$/);
  expect((await api.get(url)).statusCode).toBe(200); // served to the company's sessions
  const txt = multipart([{ name: 'file', value: 'hello', filename: 'a.png', type: 'image/png' }]);
  const refused = await api.inject({ method: 'POST', url: `/whatsapp/${conn.id}/media-upload`, ...txt });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({ error: 'ERR_INVALID_FILE' });
  const cleared = await api.delete(`/whatsapp/${conn.id}/media-upload`);
  expect(cleared.json().greetingMediaAttachment).toBe('');
  expect((await api.get(url)).statusCode).toBe(404);
});

test('GET /whatsapp/all/ lists every company connection with its company for the super user only', async () => {
  const { admin, conn } = await adminWithSimulator();
  const superUser = await t.factory.superUser();
  const res = await (await t.as(superUser)).get('/whatsapp/all/');
  expect(res.statusCode).toBe(200);
  const mine = res.json().find((c: { id: number }) => c.id === conn.id);
  expect(mine).toMatchObject({ companyId: admin.companyId, companyName: expect.any(String), name: 'Sim' });
  expect(mine).not.toHaveProperty('token');
  expect((await (await t.as(admin)).get('/whatsapp/all/')).statusCode).toBe(403);
});

test("the super user's /allConnections modal disconnects, retries and renews any company's session; events go to that company", async () => {
  const { admin, conn } = await adminWithSimulator();
  const superApi = await t.as(await t.factory.superUser());
  expect((await superApi.delete(`/whatsappsession/admin/${conn.id}`)).statusCode).toBe(200);
  expect((await t.database.db.select().from(connections).where(eq(connections.id, conn.id)))[0].status).toBe('DISCONNECTED');
  expect((await superApi.post(`/whatsappsession/${conn.id}`)).statusCode).toBe(200);
  expect((await superApi.put(`/whatsappsession/${conn.id}`)).statusCode).toBe(200);
  expect(sessionEvents(admin.companyId)).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED', 'DISCONNECTED', 'CONNECTED']);
  // The cross-company reach is the super user's only: another company's admin still gets 404.
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.delete(`/whatsappsession/admin/${conn.id}`)).statusCode).toBe(404);
  expect((await superApi.post('/whatsappsession/2147483647')).statusCode).toBe(404);
});
