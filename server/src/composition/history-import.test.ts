import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BaileysProvider } from '../channels/baileys';
import { channelSessions, connections, messages, tickets } from '../db/schema';
import { useTestApp } from '../test/harness';
import { customerNumber } from '../test/simulator';
import { FakeWhatsApp, historySync, received, sentOn } from '../test/whatsapp-web';
import { registerWhatsappWeb } from './channels';

// The import of a connection's old messages (spec 2 §4 "Import progress", §7 POST /closedimported),
// driven by history chunks built and decoded by Baileys itself over the fake socket.

const t = useTestApp();
const whatsapp = new FakeWhatsApp();
const deps = () => ({ db: t.database.db, realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });
const db = () => t.database.db;

beforeAll(() => registerWhatsappWeb(t.channels, deps, whatsapp));

const provider = async (id: number) => (await t.channels.providerFor(id)) as BaileysProvider;
const row = async (id: number) => (await db().select().from(connections).where(eq(connections.id, id)))[0];

/** A company's WhatsApp Web connection with an import range, paired over a fresh fake socket. */
async function paired(overrides: Partial<typeof connections.$inferInsert> = {}) {
  const admin = await t.factory.admin();
  const [conn] = await db()
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: `WA ${randomBytes(3).toString('hex')}`,
      provider: 'beta',
      token: randomBytes(15).toString('hex'),
      importOldMessages: new Date('2024-01-01T00:00:00Z'),
      importRecentMessages: new Date('2024-06-30T00:00:00Z'),
      ...overrides,
    })
    .returning();
  const p = await provider(conn.id);
  const socket = whatsapp.last;
  socket.showQr();
  await socket.pair(customerNumber());
  await p.settled();
  return { admin, conn, p, socket };
}

const importEvents = (companyId: number) => t.sent.filter((e) => e.event === `importMessages-${companyId}`).map((e) => e.payload);
const importedTickets = (connectionId: number) =>
  db()
    .select()
    .from(tickets)
    .where(and(eq(tickets.connectionId, connectionId), isNotNull(tickets.importedAt)));
const bodies = async (connectionId: number) =>
  (await db().select().from(messages).where(eq(messages.connectionId, connectionId))).map((m) => m.body).sort();

describe('import of old messages', () => {
  test('messages in the range arrive with live progress, once; the import ends with the close-tickets button', async () => {
    const { admin, conn, p, socket } = await paired();
    const importQueue = await t.factory.queue(admin.companyId);
    await db().update(connections).set({ queueIdImportMessages: importQueue.id }).where(eq(connections.id, conn.id));
    // The socket asked the phone for its whole history, since the connection has an import range.
    expect(socket.options.fullHistory).toBe(true);

    const [ana, bia] = [customerNumber(), customerNumber()];
    const first = sentOn(ana, 'janeiro', '2024-01-15');
    const chunk1 = [
      first,
      sentOn(ana, 'fevereiro', '2024-02-10', { key: { remoteJid: `${ana}@s.whatsapp.net`, fromMe: true, id: 'OLD-OWN-1' } }),
      sentOn(bia, 'último dia', '2024-06-30'),
      sentOn(bia, 'antes do início', '2023-12-31'),
      sentOn('120363000000000001@g.us', 'grupo', '2024-03-01', {
        key: { remoteJid: '120363000000000001@g.us', participant: `${ana}@s.whatsapp.net`, id: 'G1' },
      }),
    ];
    socket.emit('messaging-history.set', historySync(chunk1, { progress: 40 }));
    await p.settled();
    expect((await row(conn.id)).statusImportMessages).toMatch(/^\d{13}$/); // preparing since this time

    // The last chunk repeats a message: it is stored once.
    socket.emit('messaging-history.set', historySync([first, sentOn(bia, 'maio', '2024-05-05')], { progress: 100 }));
    await p.settled();
    await t.jobs.drain();

    expect(await bodies(conn.id)).toEqual(['fevereiro', 'janeiro', 'maio', 'último dia']);
    const opened = await importedTickets(conn.id);
    expect(opened).toHaveLength(2);
    for (const ticket of opened) expect(ticket).toMatchObject({ status: 'pending', queueId: importQueue.id });
    expect(socket.sent).toEqual([]); // no greeting or menu for old messages

    const events = importEvents(admin.companyId);
    expect(events[0]).toEqual({ action: 'update', status: { this: -1, all: -1, date: null } });
    expect(events.at(-1)).toEqual({ action: 'refresh' });
    const counts = events.slice(1, -1).map((e) => (e as { status: { this: number; all: number } }).status);
    expect(counts.at(-1)).toMatchObject({ this: 5, all: 5 }); // 3 + 2 received; the repeat counts as handled
    expect((events.at(-2) as { status: { date: string } }).status.date).toBe('2024-05-05T12:00:00.000Z'); // the message just stored

    const done = await row(conn.id);
    expect(done).toMatchObject({ statusImportMessages: 'renderButtonCloseTickets', importOldMessages: null, importRecentMessages: null });

    // A second delivery of the same history after the end imports nothing more.
    socket.emit('messaging-history.set', historySync([sentOn(ana, 'tarde demais', '2024-03-03')], { progress: 100 }));
    await p.settled();
    expect(await bodies(conn.id)).not.toContain('tarde demais');
    expect(importEvents(admin.companyId)).toHaveLength(events.length);
  });

  test('POST /closedimported closes only the tickets the import opened and takes the button away', async () => {
    const { admin, conn, p, socket } = await paired();
    const [live, old] = [customerNumber(), customerNumber()];
    socket.emit('messages.upsert', { messages: [received(live, { conversation: 'ao vivo' })], type: 'notify' });
    socket.emit('messaging-history.set', historySync([sentOn(old, 'antiga', '2024-02-02')]));
    await p.settled();
    await t.jobs.drain();
    expect((await row(conn.id)).statusImportMessages).toBe('renderButtonCloseTickets');

    const api = await t.as(admin);
    const res = await api.post(`/closedimported/${conn.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Tickets fechados com sucesso', count: 1 });
    const all = await db().select().from(tickets).where(eq(tickets.connectionId, conn.id));
    expect(all.map((x) => [x.importedAt !== null, x.status]).sort()).toEqual([
      [false, 'pending'],
      [true, 'closed'],
    ]);
    expect((await row(conn.id)).statusImportMessages).toBe('');
    const session = t.sent.filter((e) => e.event === `company-${admin.companyId}-whatsappSession`).at(-1);
    expect(session?.payload).toMatchObject({ session: { id: conn.id, statusImportMessages: '' } });
    // Nothing was sent to the contact for the close.
    expect(socket.sent.filter((c) => c.jid.startsWith(old))).toEqual([]);
  });

  test('closedTicketsPostImported closes the imported tickets as the import ends; a stalled history ends it too', async () => {
    const { admin, conn, p, socket } = await paired({ closedTicketsPostImported: true });
    socket.emit('messaging-history.set', historySync([sentOn(customerNumber(), 'antiga', '2024-02-02')], { progress: 60 }));
    await p.settled();
    expect((await importedTickets(conn.id)).map((x) => x.status)).toEqual(['pending']);
    // Baileys gives up waiting for the rest of the history (no chunk for two minutes).
    socket.emit('messaging-history.status', { syncType: 3, status: 'paused', explicit: false });
    await p.settled();
    expect((await importedTickets(conn.id)).map((x) => x.status)).toEqual(['closed']);
    expect(await row(conn.id)).toMatchObject({ statusImportMessages: '', importOldMessages: null });
    expect(importEvents(admin.companyId).at(-1)).toEqual({ action: 'refresh' });
  });

  test('without an import range the history brings nothing old and no progress is shown', async () => {
    const { admin, conn, p, socket } = await paired({ importOldMessages: null, importRecentMessages: null });
    expect(socket.options.fullHistory).toBe(false);
    socket.emit('messaging-history.set', historySync([sentOn(customerNumber(), 'antiga', '2024-02-02')]));
    await p.settled();
    expect(await bodies(conn.id)).toEqual([]);
    expect(importEvents(admin.companyId)).toEqual([]);
    expect((await row(conn.id)).statusImportMessages).toBe('');
  });
});

describe('DELETE /whatsappsession/{id} (the edit that starts an import)', () => {
  test('the phone is logged out, the stored login forgotten, and a new session asks for the whole history', async () => {
    const { admin, conn, socket } = await paired({ importOldMessages: null, importRecentMessages: null });
    expect(await db().select().from(channelSessions).where(eq(channelSessions.connectionId, conn.id))).toHaveLength(1);
    const api = await t.as(admin);
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const saved = await api.put(`/whatsapp/${conn.id}`, { name: conn.name, importOldMessages: monthAgo });
    expect(saved.statusCode, saved.body).toBe(200);
    const made = whatsapp.sockets.length;
    expect((await api.delete(`/whatsappsession/${conn.id}`)).statusCode).toBe(200);
    expect(socket.loggedOut).toBe(true);
    expect(await db().select().from(channelSessions).where(eq(channelSessions.connectionId, conn.id))).toHaveLength(0);
    expect(whatsapp.sockets.length).toBe(made + 1);
    expect(whatsapp.last.options.fullHistory).toBe(true);
    expect((await row(conn.id)).status).toBe('OPENING');
    whatsapp.last.showQr();
    await (await provider(conn.id)).settled();
    expect((await row(conn.id)).status).toBe('qrcode');
  });
});
