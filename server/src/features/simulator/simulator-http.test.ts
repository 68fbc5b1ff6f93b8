import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, messages } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerNumber, customerOf, inboxCounts, simulatorConnection, TINY_PNG } from '../../test/simulator';

const t = useTestApp();

test('malformed payloads get 400 and store nothing', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const png = TINY_PNG.toString('base64');
  const cases: [Record<string, unknown>, string][] = [
    [{ body: 'sem remetente' }, 'from'],
    [{ from: '55a1199999999', body: 'letras' }, 'from'],
    [{ from: '1234567', body: 'curto' }, 'from'],
    [{ from, body: '   ' }, 'body'],
    [{ from }, 'body'],
    [{ from, type: 'sticker', body: 'x' }, 'type'],
    [{ from, type: 'image' }, 'mediaUrl'],
    [{ from, type: 'image', mediaUrl: 'https://example.com/a.png' }, 'mediaUrl'],
    [{ from, type: 'image', mediaUrl: 'http://127.0.0.1/a.png' }, 'mediaUrl'],
    [{ from, type: 'image', mediaUrl: 'file:///etc/passwd' }, 'mediaUrl'],
    [{ from, type: 'image', file: 'não é base64!' }, 'file'],
    [{ from, type: 'image', file: png, mediaUrl: `data:image/png;base64,${png}` }, 'file'],
    [{ from, type: 'text', body: 'texto com arquivo', file: png }, 'file'],
    [{ from, type: 'location', body: 'centro da cidade' }, 'body'],
    [{ from, type: 'location', body: '123,456' }, 'body'],
    [{ from, type: 'contact', body: 'Carlos 11 99999-0000' }, 'body'],
    [{ from, body: 'id ruim', id: 'com espaço' }, 'id'],
  ];
  for (const [body, field] of cases) {
    const res = await customer.send(body);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    expect(res.json().fields[0].field, JSON.stringify(body)).toBe(field);
  }
  const notJson = await t.app.inject({
    method: 'POST',
    url: `/simulator/${conn.id}/messages`,
    payload: '{"from": ',
    headers: { authorization: `Bearer ${conn.token}`, 'content-type': 'application/json' },
  });
  expect(notJson.statusCode).toBe(400);
  const empty = await customer.send({ from, type: 'image', file: '' });
  expect(empty.statusCode).toBe(400);

  expect(await inboxCounts(t, conn.id, admin.companyId)).toEqual({ messages: 0, tickets: 0, contacts: 0 });
  const mediaDir = path.join(t.config.dataDir, 'public', `company${admin.companyId}`, 'media');
  expect(await readdir(mediaDir).catch(() => [])).toEqual([]);
});

test('who may act as the customer: the connection token or an admin of its company', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const other = await simulatorConnection(t, admin);
  const url = `/simulator/${conn.id}/messages`;
  const body = { from: customerNumber(), body: 'oi' };
  const post = (authorization?: string) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: authorization ? { authorization } : {} });

  expect((await post(`Bearer ${conn.token}`)).statusCode).toBe(200);
  expect((await (await t.as(admin)).post(url, body)).statusCode).toBe(200);

  expect((await post()).statusCode).toBe(401);
  // Authorisation comes before the body is read: a stranger's malformed upload is 401, not 400.
  expect(
    (await t.app.inject({ method: 'POST', url, payload: '{"from":', headers: { 'content-type': 'application/json' } })).statusCode,
  ).toBe(401);
  expect((await post('Bearer wrongtoken123')).statusCode).toBe(401);
  expect((await post(`Bearer ${other.token}`)).statusCode).toBe(401); // another connection's token
  const profileUser = await t.as(await t.factory.user({ companyId: admin.companyId }));
  const refused = await profileUser.post(url, body);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  const stranger = await t.as(await t.factory.admin());
  for (const res of [await stranger.post(url, body), await stranger.get(url, { number: body.from })]) {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  }
  expect((await profileUser.get(url, { number: body.from })).statusCode).toBe(403);
  expect((await t.anon.get(url, { number: body.from })).statusCode).toBe(401);
  expect(
    (
      await t.app.inject({
        method: 'GET',
        url: '/simulator/99999999/messages',
        query: { number: body.from },
        headers: { authorization: `Bearer ${conn.token}` },
      })
    ).statusCode,
  ).toBe(401);
  expect((await (await t.as(admin)).get('/simulator/99999999/messages', { number: body.from })).statusCode).toBe(404);

  const rows = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
  expect(rows).toHaveLength(2);
});

test('a connection that is not a simulator has no simulator face (404)', async () => {
  const admin = await t.factory.admin();
  const beta = (await (await t.as(admin)).post('/whatsapp', { name: 'Celular' })).json();
  const viaToken = await customerOf(t, beta).send({ from: customerNumber(), body: 'oi' });
  expect(viaToken.statusCode).toBe(404);
  const viaAdmin = await (await t.as(admin)).post(`/simulator/${beta.id}/messages`, { from: customerNumber(), body: 'oi' });
  expect(viaAdmin.statusCode).toBe(404);
});

test('the conversation is what the customer sees: sent and received, oldest first, with acks; only that number', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const number = customerNumber();
  const first = (await customer.send({ from: number, name: 'Bia', body: 'bom dia' })).json();
  await customer.send({ from: number, type: 'image', mediaUrl: `data:image/png;base64,${TINY_PNG.toString('base64')}`, fileName: 'a.png' });
  await customer.send({ from: customerNumber(), body: 'outra pessoa' });

  const res = await customer.conversation(number);
  expect(res.statusCode).toBe(200);
  const seen = res.json();
  expect(seen.number).toBe(number);
  expect(seen.messages).toHaveLength(2);
  expect(seen.messages[0]).toMatchObject({ id: first.id, fromCustomer: true, type: 'text', body: 'bom dia', ack: 1, isDeleted: false });
  expect(seen.messages[1]).toMatchObject({
    fromCustomer: true,
    type: 'image',
    mediaName: 'a.png',
    mediaUrl: expect.stringMatching(/\.png$/),
  });
  expect((await customer.conversation(customerNumber())).json().messages).toEqual([]);
  expect((await customer.conversation('abc')).statusCode).toBe(400);
  expect(
    (await t.app.inject({ method: 'GET', url: `/simulator/${conn.id}/messages`, headers: { authorization: `Bearer ${conn.token}` } }))
      .statusCode,
  ).toBe(400);
});

test('a blocked customer is told nothing was stored', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  await customer.send({ from, body: 'oi' });
  await t.database.db.update(contacts).set({ active: false }).where(eq(contacts.number, from));
  const res = await customer.send({ from, body: 'ainda aí?', id: 'AFTER-BLOCK' });
  expect(res.json()).toEqual({ id: 'AFTER-BLOCK', ignored: true });
  expect((await customer.conversation(from)).json().messages.map((m: { body: string }) => m.body)).toEqual(['oi']);
});
