import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { messages, tickets } from '../../db/schema';
import { signedHeaders, TEST_VERIFY_TOKEN, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { customerNumber } from '../../test/simulator';
import { cloudMessage, metaConnection, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

const messageCount = async (connectionId: number) =>
  Number((await t.database.db.select({ n: count() }).from(messages).where(eq(messages.connectionId, connectionId)))[0].n);

test('webhook verification echoes the challenge only for the configured verify token', async () => {
  const ok = await t.anon.get('/webhook', {
    'hub.mode': 'subscribe',
    'hub.verify_token': TEST_VERIFY_TOKEN,
    'hub.challenge': '1158201444',
  });
  expect(ok.statusCode).toBe(200);
  expect(ok.body).toBe('1158201444');
  const wrong = await t.anon.get('/webhook', { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' });
  expect(wrong.statusCode).toBe(403);
  const noMode = await t.anon.get('/webhook', { 'hub.verify_token': TEST_VERIFY_TOKEN, 'hub.challenge': '1' });
  expect(noMode.statusCode).toBe(403);
});

test('a delivery with a missing, wrong or re-serialised signature is refused with 401 and stores nothing', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const body = JSON.stringify(cloudMessage(conn.facebookPageUserId, customerNumber(), 'Ana', { type: 'text', text: { body: 'oi' } }));

  const missing = await postWebhook(t, body, { 'content-type': 'application/json' });
  expect(missing.statusCode).toBe(401);
  const wrongSecret = await postWebhook(t, body, signedHeaders(body, 'not-the-secret'));
  expect(wrongSecret.statusCode).toBe(401);
  // Signed over other bytes (the same JSON with different spacing): the check is over the raw body.
  const reformatted = await postWebhook(t, body, signedHeaders(JSON.stringify(JSON.parse(body), null, 2)));
  expect(reformatted.statusCode).toBe(401);
  const garbage = await postWebhook(t, body, { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=zz' });
  expect(garbage.statusCode).toBe(401);
  expect(await messageCount(conn.id)).toBe(0);

  const signed = await postWebhook(t, body);
  expect(signed.statusCode).toBe(200);
  expect(await messageCount(conn.id)).toBe(1);
});

test('without META_APP_SECRET every delivery is refused', async () => {
  const saved = t.config.meta.appSecret;
  t.config.meta.appSecret = null;
  try {
    const body = JSON.stringify({ object: 'page', entry: [] });
    expect((await postWebhook(t, body)).statusCode).toBe(401);
  } finally {
    t.config.meta.appSecret = saved;
  }
});

test('an unknown phone number id, page or object is acknowledged with 200 and changes nothing', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const [before] = await t.database.db.select({ n: count() }).from(tickets);
  const unknownNumber = await postWebhook(t, cloudMessage('999000111', customerNumber(), 'X', { type: 'text', text: { body: 'oi' } }));
  expect(unknownNumber.statusCode).toBe(200);
  const unknownPage = await postWebhook(t, {
    object: 'page',
    entry: [{ id: '4242', time: 1, messaging: [{ sender: { id: '1' }, recipient: { id: '4242' }, message: { mid: 'm_1', text: 'x' } }] }],
  });
  expect(unknownPage.statusCode).toBe(200);
  const otherObject = await postWebhook(t, { object: 'permissions', entry: [{ id: '1', changes: [] }] });
  expect(otherObject.statusCode).toBe(200);
  const [after] = await t.database.db.select({ n: count() }).from(tickets);
  expect(after.n).toBe(before.n);
  expect(await messageCount(conn.id)).toBe(0);
});

test('malformed deliveries (not JSON, wrong envelope, broken message) are logged and acknowledged; good messages beside them still land', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  expect((await postWebhook(t, '{"object": "whatsapp_business_account", "entry": [')).statusCode).toBe(200);
  expect((await postWebhook(t, { object: 'whatsapp_business_account', entry: 'nope' })).statusCode).toBe(200);
  expect(
    (
      await postWebhook(t, {
        object: 'whatsapp_business_account',
        entry: [{ id: 'W', changes: [{ field: 'messages', value: { metadata: {} } }] }],
      })
    ).statusCode,
  ).toBe(200);
  const from = customerNumber();
  const mixed = cloudMessage(conn.facebookPageUserId, from, 'Ana', { type: 'text', text: { body: 'válida' } });
  (mixed.entry[0].changes[0].value as { messages: unknown[] }).messages.unshift({ from, type: 'text' }); // no id
  expect((await postWebhook(t, mixed)).statusCode).toBe(200);
  expect(await messageCount(conn.id)).toBe(1);
});

test("tenant isolation: a delivery for company A's number lands in company A only, never in company B", async () => {
  const adminA = await t.factory.admin();
  const adminB = await t.factory.admin();
  const connA = await metaConnection(t, adminA);
  const connB = await metaConnection(t, adminB);
  const from = customerNumber();
  const res = await postWebhook(t, cloudMessage(connA.facebookPageUserId, from, 'Ana', { type: 'text', text: { body: 'para A' } }));
  expect(res.statusCode).toBe(200);
  const stored = await t.database.db.select().from(messages).where(eq(messages.body, 'para A'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ companyId: adminA.companyId, connectionId: connA.id });
  expect(await messageCount(connB.id)).toBe(0);
  expect(t.sent.filter((e) => e.companyId === adminB.companyId && e.event.endsWith('-appMessage'))).toEqual([]);
});
