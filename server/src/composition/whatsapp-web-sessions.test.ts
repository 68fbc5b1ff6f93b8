import { randomBytes } from 'node:crypto';
import type { WAMessage } from 'baileys';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { BaileysProvider } from '../channels/baileys';
import { reconnectDelayMs } from '../channels/baileys/disconnects';
import { connections, contactMerges, contacts, contactTags, messages, tags, tickets } from '../db/schema';
import { useTestApp } from '../test/harness';
import { customerNumber } from '../test/simulator';
import { FakeWhatsApp, received, type FakeSocket } from '../test/whatsapp-web';
import { registerWhatsappWeb } from './channels';

/**
 * WhatsApp Web sessions that come back (issue 32): why a session is down, "try again" after it gave
 * up, the admins' notice, a fault run of twenty drops, and one contact per person when a LID's number
 * is learned. Reconnection waits are the product's backoff with jitter, scaled down to milliseconds.
 */
const t = useTestApp();
const db = () => t.database.db;
const whatsapp = new FakeWhatsApp();
/** A seeded generator (mulberry32): the same "random" moments on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(32);
const deps = () => ({ db: db(), realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });

beforeAll(() =>
  registerWhatsappWeb(t.channels, deps, {
    makeSocket: whatsapp.makeSocket,
    download: whatsapp.download,
    reconnectDelay: (attempt) => Math.max(1, Math.round(reconnectDelayMs(attempt, random) / 1000)),
  }),
);

const row = async (id: number) => (await db().select().from(connections).where(eq(connections.id, id)))[0];
const provider = async (id: number) => (await t.channels.providerFor(id)) as BaileysProvider;

async function connected(companyId: number) {
  const [conn] = await db()
    .insert(connections)
    .values({
      companyId,
      name: `WA ${randomBytes(3).toString('hex')}`,
      provider: 'beta',
      token: randomBytes(15).toString('hex'),
    })
    .returning();
  const p = await provider(conn.id);
  const own = customerNumber();
  whatsapp.last.showQr();
  await whatsapp.last.pair(own);
  await p.settled();
  return { conn, p, own };
}
const downNotices = (companyId: number) => t.sent.filter((e) => e.event === `company-${companyId}-connectionDown`);

describe('down and back', () => {
  test('each way a session goes down says why; "try again" brings back one that gave up, without a QR', async () => {
    const admin = await t.factory.admin();
    const { conn, p, own } = await connected(admin.companyId);
    // Opened on another computer: stopped, said so, and the admins hear of it.
    whatsapp.last.close(440);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'DISCONNECTED', downReason: 'replaced' });
    expect(downNotices(conn.companyId).at(-1)).toMatchObject({
      room: 'admins',
      payload: { action: 'down', connectionId: conn.id, name: conn.name, reason: 'replaced' },
    });
    const view = t.sent.filter((e) => e.event === `company-${conn.companyId}-whatsappSession`).at(-1);
    expect(view?.payload).toMatchObject({ session: { id: conn.id, status: 'DISCONNECTED', downReason: 'replaced' } });

    const made = whatsapp.sockets.length;
    const api = await t.as(admin);
    const res = await api.post(`/whatsappsession/${conn.id}`);
    expect(res.statusCode, res.body).toBe(200);
    await p.settled();
    expect(whatsapp.sockets).toHaveLength(made + 1);
    expect(whatsapp.last.options.auth.creds.registered).toBe(true);
    whatsapp.last.open(own);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'CONNECTED', downReason: '' });

    // The phone lost its network: TIMEOUT (not OPENING) while it comes back by itself.
    whatsapp.last.close(428);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'TIMEOUT', downReason: 'connection-lost' });
    await vi.waitFor(() => expect(whatsapp.sockets).toHaveLength(made + 2));
    await p.settled();
    expect((await row(conn.id)).status).toBe('TIMEOUT');
    whatsapp.last.open(own);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'CONNECTED', downReason: '' });

    // Banned: the login is forgotten and the card says so; logged out on the phone likewise.
    whatsapp.last.close(403);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'DISCONNECTED', downReason: 'banned' });
    expect(downNotices(conn.companyId).map((e) => (e.payload as { reason: string }).reason)).toEqual([
      'replaced',
      'connection-lost',
      'banned',
    ]);
  });

  test('logged out on the phone and a QR nobody read each say so; a stop by someone clears the reason', async () => {
    const { conn, p } = await connected((await t.factory.admin()).companyId);
    whatsapp.last.close(401);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'DISCONNECTED', downReason: 'logged-out' });
    await t.channels.start(conn.id);
    whatsapp.last.showQr();
    whatsapp.last.close(408);
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'DISCONNECTED', downReason: 'qr-expired' });
    await t.channels.start(conn.id);
    await t.channels.stop(conn.id);
    expect(await row(conn.id)).toMatchObject({ status: 'DISCONNECTED', downReason: '' });
  });
});

/**
 * The phone's side of the fault run: WhatsApp delivers a customer's message to the live socket, holds
 * what arrives while the device is away and delivers it when it is back (with a few it had already
 * delivered, as it does when it is not sure they arrived).
 */
class Customer {
  delivered: WAMessage[] = [];
  held: WAMessage[] = [];
  live: FakeSocket | null = null;

  constructor(readonly number: string) {}

  write(text: string): WAMessage {
    const msg = received(this.number, { conversation: text });
    if (this.live) {
      this.live.emit('messages.upsert', { messages: [msg], type: 'notify' });
      this.delivered.push(msg);
    } else this.held.push(msg);
    return msg;
  }

  back(socket: FakeSocket) {
    this.live = socket;
    const again = [...this.delivered.slice(-2), ...this.held];
    if (again.length) socket.emit('messages.upsert', { messages: again, type: 'append' });
    this.delivered.push(...this.held);
    this.held = [];
  }
}

test('fault run: twenty drops at random moments while messages flow both ways; back each time without a QR, nothing lost or sent twice', async () => {
  const admin = await t.factory.admin();
  const { conn, p, own } = await connected(admin.companyId);
  const customer = new Customer(customerNumber());
  customer.live = whatsapp.last;
  customer.write('oi');
  await p.settled();
  await t.jobs.drain();
  const [ticket] = await db()
    .update(tickets)
    .set({ status: 'open', userId: admin.id })
    .where(eq(tickets.connectionId, conn.id))
    .returning();
  const api = await t.as(admin);
  const firstSocket = whatsapp.sockets.length;
  const written: string[] = ['oi'];
  const replies: number[] = [];
  let drops = 0;
  let silentDrops = 0;

  for (let step = 0; drops < 20; step++) {
    const r = random();
    if (r < 0.4) written.push(customer.write(`cliente ${step}`).message!.conversation!);
    else if (r < 0.75) {
      const res = await api.post(`/messages/${ticket.id}`, { body: `agente ${step}` });
      expect(res.statusCode, res.body).toBe(200);
      replies.push(res.json().id);
    } else {
      // The socket drops now, with whatever is under way; a few things happen before it is back.
      const code = [428, 408, 503, 515][Math.floor(random() * 4)];
      if (code === 515) silentDrops++;
      const before = whatsapp.sockets.length;
      const dropped = whatsapp.last;
      customer.live = null;
      dropped.close(code);
      drops++;
      await vi.waitFor(() => expect(whatsapp.sockets.length).toBe(before + 1), { timeout: 10_000 });
      for (let k = Math.floor(random() * 3); k > 0; k--) {
        if (random() < 0.5) written.push(customer.write(`ausente ${step}.${k}`).message!.conversation!);
        else replies.push((await api.post(`/messages/${ticket.id}`, { body: `agente ausente ${step}.${k}` })).json().id);
      }
      const socket = whatsapp.last;
      expect(socket.options.auth.creds.registered).toBe(true);
      socket.open(own);
      customer.back(socket);
      await p.settled();
      await vi.waitFor(async () => expect((await row(conn.id)).status).toBe('CONNECTED'));
    }
  }
  await p.settled();
  await t.jobs.drain();
  // Sends that met a socket closing under them failed their attempt (the queue retries those in production).
  for (const failure of t.jobs.takeFailures()) expect(String(failure.error)).toMatch(/Connection Closed|ERR_WAPP_NOT_INITIALIZED/);
  await vi.waitFor(async () => {
    const stored = await db().select().from(messages).where(inArray(messages.id, replies));
    expect(stored.filter((m) => !m.externalId)).toEqual([]);
  });

  expect(whatsapp.sockets.length - firstSocket).toBe(20);
  expect(written.length).toBeGreaterThan(20);
  expect(replies.length).toBeGreaterThan(20);
  const inbound = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.connectionId, conn.id), eq(messages.fromMe, false)));
  expect(inbound.map((m) => m.body).sort()).toEqual([...written].sort());
  const sentIds = whatsapp.sockets.flatMap((s) => s.sent.map((c) => c.options?.messageId));
  const stored = await db().select().from(messages).where(inArray(messages.id, replies));
  for (const m of stored) expect(sentIds.filter((id) => id === m.externalId)).toHaveLength(1);
  expect(sentIds).toHaveLength(replies.length);
  // One QR code, the first pairing's, never another; the admins heard of each drop that left it TIMEOUT (a restart request is not one).
  expect(
    t.sent.filter(
      (e) =>
        e.event === `company-${conn.companyId}-whatsappSession` &&
        (e.payload as { session: { id: number; status: string } }).session.id === conn.id &&
        (e.payload as { session: { status: string } }).session.status === 'qrcode',
    ),
  ).toHaveLength(1);
  expect(downNotices(conn.companyId)).toHaveLength(20 - silentDrops);
}, 120_000);

describe('one person, one contact', () => {
  const lidOf = () => `${Date.now()}${Math.floor(random() * 1e6)}@lid`;
  const active = ['open', 'pending'] as const;
  const contactsOf = async (companyId: number, numbers: string[]) =>
    db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)));
  const activeTickets = async (contactId: number) =>
    db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.contactId, contactId), inArray(tickets.status, active)));
  const contactOf = async (connectionId: number, msg: WAMessage) =>
    (
      await db()
        .select({ contactId: messages.contactId })
        .from(messages)
        .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, msg.key.id!)))
    )[0]?.contactId;

  test("a bare LID, then its number writing, then the mapping: merged into the number's contact, once, with one open ticket", async () => {
    const admin = await t.factory.admin();
    const { conn, p } = await connected(admin.companyId);
    const socket = whatsapp.last;
    const number = customerNumber();
    const lid = lidOf();
    const lidUser = lid.split('@')[0];

    const first = received(lid, { conversation: 'oi, pelo lid' });
    socket.emit('messages.upsert', { messages: [first], type: 'notify' });
    await p.settled();
    const [byLid] = await contactsOf(conn.companyId, [lidUser]);
    expect(byLid).toBeDefined();
    const [tag] = await db()
      .insert(tags)
      .values({ companyId: conn.companyId, name: `VIP ${lidUser}`, color: '#000000' })
      .returning();
    await db().insert(contactTags).values({ contactId: byLid.id, tagId: tag.id });

    const second = received(number, { conversation: 'agora pelo número' });
    socket.emit('messages.upsert', { messages: [second], type: 'notify' });
    await p.settled();
    expect(await contactsOf(conn.companyId, [lidUser, number])).toHaveLength(2);

    socket.emit('lid-mapping.update', { lid, pn: `${number}@s.whatsapp.net` });
    socket.emit('lid-mapping.update', { lid, pn: `${number}@s.whatsapp.net` }); // told twice: merged once
    const third = received(lid, { conversation: 'de novo pelo lid' });
    socket.emit('messages.upsert', { messages: [third], type: 'notify' });
    await p.settled();
    await t.jobs.drain();

    const left = await contactsOf(conn.companyId, [lidUser, number]);
    expect(left.map((c) => c.number)).toEqual([number]);
    const kept = left[0];
    for (const msg of [first, second, third]) expect(await contactOf(conn.id, msg)).toBe(kept.id);
    expect(await activeTickets(kept.id)).toHaveLength(1);
    expect(await db().select().from(contactTags).where(eq(contactTags.contactId, kept.id))).toEqual([
      { contactId: kept.id, tagId: tag.id },
    ]);
    const merges = await db().select().from(contactMerges).where(eq(contactMerges.keptContactId, kept.id));
    expect(merges).toHaveLength(1);
    expect(merges[0]).toMatchObject({ mergedContactId: byLid.id, userId: null });
  });

  test("a bare LID, then a message carrying its number as the alternate id: the LID's contact takes the number", async () => {
    const admin = await t.factory.admin();
    const { conn, p } = await connected(admin.companyId);
    const socket = whatsapp.last;
    const number = customerNumber();
    const lid = lidOf();
    const first = received(lid, { conversation: 'só o lid' });
    const second = received(lid, { conversation: 'com o número' }, { key: { remoteJidAlt: `${number}@s.whatsapp.net` } });
    const third = received(number, { conversation: 'pelo número' });
    socket.emit('messages.upsert', { messages: [first], type: 'notify' });
    socket.emit('messages.upsert', { messages: [second, third], type: 'notify' });
    await p.settled();
    const left = await contactsOf(conn.companyId, [lid.split('@')[0], number]);
    expect(left.map((c) => c.number)).toEqual([number]);
    for (const msg of [first, second, third]) expect(await contactOf(conn.id, msg)).toBe(left[0].id);
    expect(await activeTickets(left[0].id)).toHaveLength(1);
  });

  test('a bare LID, then the phone book naming its number: one contact', async () => {
    const admin = await t.factory.admin();
    const { conn, p } = await connected(admin.companyId);
    const socket = whatsapp.last;
    const number = customerNumber();
    const lid = lidOf();
    socket.emit('messages.upsert', { messages: [received(lid, { conversation: 'oi' })], type: 'notify' });
    await p.settled();
    // The number already has a contact of its own (an agent saved it): the LID's is merged into it.
    await db().insert(contacts).values({ companyId: conn.companyId, name: 'Ana', number });
    socket.emit('contacts.upsert', [{ id: lid, phoneNumber: `${number}@s.whatsapp.net`, name: 'Ana' }]);
    await p.settled();
    const left = await contactsOf(conn.companyId, [lid.split('@')[0], number]);
    expect(left.map((c) => [c.number, c.name])).toEqual([[number, 'Ana']]);
    expect(await activeTickets(left[0].id)).toHaveLength(1);
  });
});
