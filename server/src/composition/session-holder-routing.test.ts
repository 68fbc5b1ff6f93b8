import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SessionLeases } from '../channels/lease';
import { ProviderRegistry } from '../channels/registry';
import type { BaileysProvider } from '../channels/baileys';
import { channelPairingRequests, connections, contacts, messages, tickets } from '../db/schema';
import type { JobDefinition, JobDeps } from '../jobs/define';
import { useTestApp } from '../test/harness';
import { customerNumber } from '../test/simulator';
import { FakeWhatsApp } from '../test/whatsapp-web';
import { registerWhatsappWeb } from './channels';

/**
 * Sessions across nodes, at the unit level (both databases): what needs a WhatsApp Web session (an
 * agent's edit or delete reaching the phone, a pairing code) is done by the node holding its lease.
 * This app is node A; node B is a second ProviderRegistry on the same database holding the session
 * over its own fake WhatsApp. Jobs sent to node B's queue run with node B's registry (the inline test
 * queue has no per-node queues, so the test plays that part); A's fake WhatsApp must never make a
 * socket. The same routing over two real processes is composition/session-takeover.test.ts (PostgreSQL).
 */
const t = useTestApp();
const db = () => t.database.db;
const onA = new FakeWhatsApp();
const onB = new FakeWhatsApp();
const eventDeps = () => ({ db: db(), realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });
let nodeB: ProviderRegistry;
/** Node B's jobs, as its worker would run them. */
const ranOnB: string[] = [];

beforeAll(() => {
  registerWhatsappWeb(t.channels, eventDeps, onA);
  nodeB = new ProviderRegistry(db(), t.app.log, () => ({
    onStatus: async () => {},
    onInbound: async () => ({ status: 'ignored' }),
    onAck: async () => true,
    onAcks: async (updates) => updates.map(() => true),
  }));
  registerWhatsappWeb(nodeB, eventDeps, onB);
  nodeB.shareSessions({
    leases: new SessionLeases(db(), 'node-b', 60_000),
    tellHolder: async () => {},
    pairingCodeFrom: async () => {
      throw new Error('node B holds the sessions of this test');
    },
  });
  const sendHere = t.jobs.send.bind(t.jobs);
  vi.spyOn(t.jobs, 'send').mockImplementation(async (job: JobDefinition, payload: unknown, options) => {
    if (options?.node !== 'node-b') return sendHere(job, payload, options);
    const deps: JobDeps = {
      db: db(),
      config: t.config,
      realtime: t.app.realtime,
      log: t.app.log,
      jobs: t.jobs,
      channels: nodeB,
      clock: t.clock,
    };
    ranOnB.push(job.name);
    await job.run(job.payload.parse(payload), deps);
    return 'node-b';
  });
});
afterAll(() => nodeB.stopAll());

/** A WhatsApp Web connection whose session node B runs; `paired` scans its QR code. */
async function heldByB(adminCompanyId: number, paired: boolean) {
  const [conn] = await db()
    .insert(connections)
    .values({
      companyId: adminCompanyId,
      name: `WA ${randomBytes(3).toString('hex')}`,
      provider: 'beta',
      token: randomBytes(15).toString('hex'),
    })
    .returning();
  const provider = (await nodeB.providerFor(conn.id)) as BaileysProvider;
  const socket = onB.last;
  socket.showQr();
  if (paired) await socket.pair(customerNumber());
  await provider.settled();
  return { conn, socket };
}

test('an edit and a delete made on the node without the session reach the phone through the holder', async () => {
  const admin = await t.factory.admin();
  const { conn, socket } = await heldByB(admin.companyId, true);
  const [contact] = await db().insert(contacts).values({ companyId: admin.companyId, name: 'Ana', number: customerNumber() }).returning();
  const [ticket] = await db()
    .insert(tickets)
    .values({ companyId: admin.companyId, contactId: contact.id, connectionId: conn.id, userId: admin.id, status: 'open' })
    .returning();
  const [message] = await db()
    .insert(messages)
    .values({
      companyId: admin.companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      connectionId: conn.id,
      userId: admin.id,
      fromMe: true,
      externalId: '3EB0SENT1',
      body: 'original',
      ack: 1,
    })
    .returning();
  const api = await t.as(admin);

  expect((await api.post(`/messages/edit/${message.id}`, { body: 'corrigido' })).statusCode).toBe(200);
  expect((await api.delete(`/messages/${message.id}`)).statusCode).toBe(200);
  await t.jobs.drain();
  expect(t.jobs.errors).toEqual([]);

  const jid = socket.sent[0]?.jid;
  expect(jid).toMatch(/@s\.whatsapp\.net$/);
  expect(socket.sent.map((s) => s.content)).toEqual([
    { text: 'corrigido', edit: { remoteJid: jid, id: '3EB0SENT1', fromMe: true } },
    { delete: { remoteJid: jid, id: '3EB0SENT1', fromMe: true } },
  ]);
  expect(ranOnB).toEqual(expect.arrayContaining(['message.provider-change']));
  // Node A never opened a socket of its own for a session it does not hold.
  expect(onA.sockets).toHaveLength(0);
});

test('a pairing code asked on the node without the session is asked of the holder and answered', async () => {
  const admin = await t.factory.admin();
  const { conn, socket } = await heldByB(admin.companyId, false);
  const res = await (await t.as(admin)).post(`/whatsappsession/${conn.id}/pairing-code`, { phoneNumber: '+55 11 98888-7777' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ code: 'ABCD1234' });
  expect(socket.pairingRequests).toEqual(['5511988887777']);
  expect(ranOnB).toContain('channel.pairing-code');
  // The request row is gone once answered.
  expect(await db().select().from(channelPairingRequests).where(eq(channelPairingRequests.connectionId, conn.id))).toEqual([]);
  expect(onA.sockets).toHaveLength(0);
});

test("the holder's refusal is the caller's answer: a session already paired gives no pairing code", async () => {
  const admin = await t.factory.admin();
  const { conn, socket } = await heldByB(admin.companyId, true);
  const res = await (await t.as(admin)).post(`/whatsappsession/${conn.id}/pairing-code`, { phoneNumber: '5511988887777' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
  expect(socket.pairingRequests).toEqual([]);
  expect(await db().select().from(channelPairingRequests).where(eq(channelPairingRequests.connectionId, conn.id))).toEqual([]);
});

test('"try again" on the node without the session restarts a session its holder gave up, without a new QR', async () => {
  const admin = await t.factory.admin();
  const { conn, socket } = await heldByB(admin.companyId, true);
  const provider = (await nodeB.providerFor(conn.id)) as BaileysProvider;
  socket.close(440); // opened on another computer: the holder stops trying
  await provider.settled();
  expect(provider.running()).toBe(false);
  const made = onB.sockets.length;

  const res = await (await t.as(admin)).post(`/whatsappsession/${conn.id}`);
  expect(res.statusCode, res.body).toBe(200);
  await provider.settled();
  expect(ranOnB).toContain('channel.session-command');
  expect(onB.sockets).toHaveLength(made + 1);
  // The stored login is used again: registered, no QR to read.
  expect(onB.last.options.auth.creds.registered).toBe(true);
  onB.last.open(customerNumber());
  await provider.settled();
  expect(provider.running()).toBe(true);
  expect(onA.sockets).toHaveLength(0);
});
