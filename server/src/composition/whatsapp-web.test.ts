import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { BaileysProvider } from '../channels/baileys';
import { channelSessionKeys, channelSessions, connections, contacts, messages, settings, tickets, users } from '../db/schema';
import { sendMessageJob } from '../features/messages';
import { resendStuckMessages } from '../features/messages';
import { setGlobalSetting } from '../features/settings';
import { useTestApp } from '../test/harness';
import { customerNumber, TINY_PNG } from '../test/simulator';
import { FakeWhatsApp, received, waId } from '../test/whatsapp-web';
import { registerWhatsappWeb, startChannelSessions } from './channels';

const t = useTestApp();
const whatsapp = new FakeWhatsApp();
const deps = () => ({ db: t.database.db, realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });
const db = () => t.database.db;

beforeAll(() => registerWhatsappWeb(t.channels, deps, whatsapp));
afterEach(() => vi.useRealTimers());

async function betaConnection(overrides: Partial<typeof connections.$inferInsert> = {}) {
  const admin = await t.factory.admin();
  const [row] = await db()
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: `WA ${randomBytes(3).toString('hex')}`,
      provider: 'beta',
      token: randomBytes(15).toString('hex'),
      ...overrides,
    })
    .returning();
  return row;
}
const provider = async (id: number) => (await t.channels.providerFor(id)) as BaileysProvider;
const row = async (id: number) => (await db().select().from(connections).where(eq(connections.id, id)))[0];

/** A connection started, paired and CONNECTED over a fresh fake socket. */
async function connected(overrides: Partial<typeof connections.$inferInsert> = {}) {
  const conn = await betaConnection(overrides);
  const p = await provider(conn.id);
  const socket = whatsapp.last;
  const own = customerNumber();
  socket.showQr();
  await socket.pair(own);
  await p.settled();
  return { conn, p, socket, own };
}
const messageOf = async (connectionId: number, externalId: string) =>
  (
    await db()
      .select()
      .from(messages)
      .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
  )[0];

describe('login', () => {
  test('the QR code reaches the connection row and the company live; pairing makes it CONNECTED with its number', async () => {
    const conn = await betaConnection();
    const p = await provider(conn.id);
    expect((await row(conn.id)).status).toBe('OPENING');
    const qr = whatsapp.last.showQr();
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'qrcode', qrcode: qr });
    const live = t.sent.filter((e) => e.event === `company-${conn.companyId}-whatsappSession`).at(-1);
    expect(live?.payload).toMatchObject({ action: 'update', session: { id: conn.id, status: 'qrcode', qrcode: qr } });
    await whatsapp.last.pair('5511900000001');
    await p.settled();
    expect(await row(conn.id)).toMatchObject({ status: 'CONNECTED', qrcode: '', number: '5511900000001' });
  });

  test('a pairing code is asked of the socket for the typed number and the connection reports PAIRING', async () => {
    const conn = await betaConnection();
    const p = await provider(conn.id);
    whatsapp.last.showQr();
    const code = await t.channels.requestPairingCode(conn.id, '+55 (11) 90000-0002');
    expect(code).toBe('ABCD1234');
    expect(whatsapp.last.pairingRequests).toEqual(['5511900000002']);
    whatsapp.last.showQr(); // Baileys keeps refreshing its QR: not shown while the code is typed
    await p.settled();
    expect((await row(conn.id)).status).toBe('PAIRING');
  });

  test('creds and keys are kept in the database; a new provider resumes from them without a QR', async () => {
    const { conn, socket, own } = await connected();
    const [session] = await db().select().from(channelSessions).where(eq(channelSessions.connectionId, conn.id));
    expect(session.companyId).toBe(conn.companyId);
    expect((session.creds as { registered: boolean }).registered).toBe(true);
    await t.channels.stop(conn.id);
    expect(socket.ended).toBe(true);
    expect((await row(conn.id)).status).toBe('DISCONNECTED');

    // Start-up resumes a beta connection that has a login and leaves one never paired alone.
    const never = await betaConnection();
    await startChannelSessions(t.channels, deps());
    const resumed = whatsapp.sockets.find((s) => s !== socket && s.options.auth.creds.me?.id === `${own}:7@s.whatsapp.net`);
    expect(resumed).toBeDefined();
    expect(resumed!.options.auth.creds.registered).toBe(true);
    const keys = await resumed!.options.auth.keys.get('pre-key', ['1']);
    expect(Buffer.from(keys['1'].private).toString()).toBe('priv-1');
    expect((await row(never.id)).status).toBe('DISCONNECTED');
    resumed!.open(own);
    await (await provider(conn.id)).settled();
    expect((await row(conn.id)).status).toBe('CONNECTED');
  });

  test('a logout from the phone deletes the stored login and leaves the connection DISCONNECTED', async () => {
    const { conn, p, socket } = await connected();
    const made = whatsapp.sockets.length;
    socket.close(401);
    await p.settled();
    expect((await row(conn.id)).status).toBe('DISCONNECTED');
    expect(await db().select().from(channelSessions).where(eq(channelSessions.connectionId, conn.id))).toEqual([]);
    expect(await db().select().from(channelSessionKeys).where(eq(channelSessionKeys.connectionId, conn.id))).toEqual([]);
    expect(whatsapp.sockets.length).toBe(made);
  });

  test('a dropped connection reports TIMEOUT and reconnects after the backoff', async () => {
    const { conn, p, socket, own } = await connected();
    const made = whatsapp.sockets.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.close(428);
    await p.settled();
    expect((await row(conn.id)).status).toBe('TIMEOUT');
    expect(whatsapp.sockets.length).toBe(made);
    // 2 s spread by ±25%: nothing before 1.5 s, a new socket by 2.5 s.
    await vi.advanceTimersByTimeAsync(1_499);
    expect(whatsapp.sockets.length).toBe(made);
    await vi.advanceTimersByTimeAsync(1_001);
    await p.settled();
    expect(whatsapp.sockets.length).toBe(made + 1);
    whatsapp.last.open(own);
    await p.settled();
    expect((await row(conn.id)).status).toBe('CONNECTED');
  });
});

describe('closing', () => {
  test('a QR nobody scanned expires into DISCONNECTED, without trying again', async () => {
    const conn = await betaConnection();
    const p = await provider(conn.id);
    const socket = whatsapp.last;
    socket.showQr();
    const made = whatsapp.sockets.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.close(408);
    await p.settled();
    await vi.runAllTimersAsync();
    expect((await row(conn.id)).status).toBe('DISCONNECTED');
    expect(whatsapp.sockets.length).toBe(made);
  });

  test('the restart WhatsApp asks for right after pairing opens a new socket at once with the saved login', async () => {
    const conn = await betaConnection();
    const p = await provider(conn.id);
    const socket = whatsapp.last;
    socket.showQr();
    socket.emit('creds.update', { me: { id: '5511900000077:7@s.whatsapp.net' }, registered: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.close(515);
    await p.settled();
    await vi.advanceTimersByTimeAsync(0);
    await p.settled();
    expect(whatsapp.last).not.toBe(socket);
    expect(whatsapp.last.options.auth.creds.me?.id).toBe('5511900000077:7@s.whatsapp.net');
    whatsapp.last.open('5511900000077');
    await p.settled();
    expect((await row(conn.id)).status).toBe('CONNECTED');
  });

  test('a connection without a pairing code (the simulator) cannot give one', async () => {
    const admin = await t.factory.admin();
    const [sim] = await db()
      .insert(connections)
      .values({ companyId: admin.companyId, name: 'Sim', provider: 'simulator', token: randomBytes(15).toString('hex') })
      .returning();
    await expect(t.channels.requestPairingCode(sim.id, '5511900000003')).rejects.toMatchObject({ code: 'ERR_PAIRING_CODE_UNSUPPORTED' });
  });
});

describe('inbound', () => {
  test('text, quoted reply, edit, delete and reaction land on the same ticket', async () => {
    const { conn, p, socket } = await connected();
    const number = customerNumber();
    const first = received(number, { conversation: 'Olá' });
    const reply = received(number, { extendedTextMessage: { text: 'Sobre isso', contextInfo: { stanzaId: first.key.id } } });
    socket.emit('messages.upsert', { messages: [first, reply], type: 'notify' });
    await p.settled();
    const stored = await messageOf(conn.id, first.key.id!);
    expect(stored).toMatchObject({ body: 'Olá', mediaType: 'conversation', fromMe: false });
    const quoted = await messageOf(conn.id, reply.key.id!);
    expect(quoted).toMatchObject({ body: 'Sobre isso', quotedMsgId: stored.id, ticketId: stored.ticketId });

    const edit = received(number, {
      protocolMessage: { key: first.key, type: 14, editedMessage: { conversation: 'Olá, bom dia' } },
    });
    const reaction = received(number, { reactionMessage: { key: reply.key, text: '👍' } });
    const revoke = received(number, { protocolMessage: { key: reply.key, type: 0 } });
    socket.emit('messages.upsert', { messages: [edit, reaction, revoke], type: 'notify' });
    await p.settled();
    expect(await messageOf(conn.id, first.key.id!)).toMatchObject({ body: 'Olá, bom dia', isEdited: true });
    expect((await messageOf(conn.id, reply.key.id!)).isDeleted).toBe(true);
    expect(await messageOf(conn.id, reaction.key.id!)).toMatchObject({ mediaType: 'reactionMessage', body: '👍', quotedMsgId: quoted.id });
  });

  test('an image is stored as a file; one over the download limit becomes a message saying so', async () => {
    const { conn, p, socket } = await connected();
    const number = customerNumber();
    const image = received(number, { imageMessage: { mimetype: 'image/png', caption: 'Foto', fileLength: TINY_PNG.length } });
    whatsapp.media.set(image.key.id!, TINY_PNG);
    const big = received(number, { documentMessage: { mimetype: 'application/pdf', fileName: 'manual.pdf', fileLength: 3 * 1024 * 1024 } });
    await setGlobalSetting(db(), 'downloadLimit', '1');
    try {
      socket.emit('messages.upsert', { messages: [image, big], type: 'notify' });
      await p.settled();
    } finally {
      await setGlobalSetting(db(), 'downloadLimit', '64');
    }
    const stored = await messageOf(conn.id, image.key.id!);
    expect(stored).toMatchObject({ mediaType: 'image', body: 'Foto' });
    expect(existsSync(path.join(t.config.dataDir, stored.mediaUrl!))).toBe(true);
    const tooLarge = await messageOf(conn.id, big.key.id!);
    expect(tooLarge).toMatchObject({ mediaType: 'conversation', mediaUrl: null });
    expect(tooLarge.body).toBe('Arquivo "manual.pdf" de 3 MB não baixado: maior que o limite de 1 MB.');
  });

  test('location, contact card and list reply are stored in the kinds the conversation renders', async () => {
    const { conn, p, socket } = await connected();
    const number = customerNumber();
    const place = received(number, { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' } });
    const card = received(number, { contactMessage: { displayName: 'Ana', vcard: 'BEGIN:VCARD\nFN:Ana\nTEL:+5511988887777\nEND:VCARD' } });
    const choice = received(number, { listResponseMessage: { title: 'Calabresa', singleSelectReply: { selectedRowId: 'p1' } } });
    socket.emit('messages.upsert', { messages: [place, card, choice], type: 'notify' });
    await p.settled();
    expect((await messageOf(conn.id, place.key.id!)).body).toBe('|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17&hl=pt-BR|Loja');
    expect(await messageOf(conn.id, card.key.id!)).toMatchObject({ mediaType: 'contactMessage' });
    expect(await messageOf(conn.id, choice.key.id!)).toMatchObject({ body: 'Calabresa', dataJson: { selectedRowId: 'p1' } });
  });

  test('acks of sent messages advance the stored message', async () => {
    const { conn, p, socket } = await connected();
    const number = customerNumber();
    // A message the company sent from the phone itself arrives fromMe; then its receipts.
    const own = received(number, { conversation: 'Enviado do celular' }, { key: { fromMe: true } });
    socket.emit('messages.upsert', { messages: [own], type: 'notify' });
    await p.settled();
    expect(await messageOf(conn.id, own.key.id!)).toMatchObject({ fromMe: true, ack: 1 });
    socket.emit('messages.update', [{ key: own.key, update: { status: 3 } }]);
    socket.emit('messages.update', [{ key: own.key, update: { status: 4 } }]);
    await p.settled();
    expect((await messageOf(conn.id, own.key.id!)).ack).toBe(3);
  });

  test('a group message makes a group contact when the connection takes groups', async () => {
    const { conn, p, socket } = await connected({ allowGroup: true, groupAsTicket: 'enabled' });
    const group = `120363${Date.now()}`;
    whatsapp.groups.set(`${group}@g.us`, 'Equipe de vendas');
    const msg = received(`${group}@g.us`, { conversation: 'Oi grupo' }, { key: { participant: `${customerNumber()}@s.whatsapp.net` } });
    socket.emit('messages.upsert', { messages: [msg], type: 'notify' });
    await p.settled();
    const stored = await messageOf(conn.id, msg.key.id!);
    expect(stored.participant).toMatch(/^5511/);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, stored.contactId!));
    expect(contact).toMatchObject({ number: group, isGroup: true, name: 'Equipe de vendas' });
  });

  test('one person addressed by LID and by phone number stays one contact', async () => {
    const { conn, p, socket } = await connected();
    const number = customerNumber();
    const lid = `${Date.now()}${Math.floor(Math.random() * 1000)}@lid`;
    const byPn = received(number, { conversation: 'pelo número' });
    const withAlt = received(lid, { conversation: 'pelo lid' }, { key: { remoteJidAlt: `${number}@s.whatsapp.net` } });
    const lidOnly = received(lid, { conversation: 'só lid' });
    socket.emit('messages.upsert', { messages: [byPn, withAlt, lidOnly], type: 'notify' });
    await p.settled();
    const ids = await Promise.all([byPn, withAlt, lidOnly].map(async (m) => (await messageOf(conn.id, m.key.id!)).contactId));
    expect(new Set(ids).size).toBe(1);
    // A mapping Baileys learns (lid-mapping.update) serves a LID seen for the first time.
    const other = customerNumber();
    const otherLid = `${Date.now() + 1}@lid`;
    socket.emit('lid-mapping.update', { lid: otherLid, pn: `${other}@s.whatsapp.net` });
    const fromLid = received(otherLid, { conversation: 'novo lid' });
    socket.emit('messages.upsert', { messages: [fromLid], type: 'notify' });
    await p.settled();
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(eq(contacts.id, (await messageOf(conn.id, fromLid.key.id!)).contactId!));
    expect(contact.number).toBe(other);

    // A contact kept by a LID (its number came later) is written to as that LID, not checked as a number.
    const lidUser = otherLid.split('@')[0];
    await p.send({ kind: 'text', to: lidUser, body: 'Oi' }, { idempotencyKey: `msg-${waId()}` });
    expect(socket.sent.at(-1)?.jid).toBe(otherLid);
  });

  test('offline and history deliveries of the same message are stored once; old history is left out', async () => {
    const { conn, p, socket } = await connected();
    const number = customerNumber();
    const live = received(number, { conversation: 'antes de cair' });
    socket.emit('messages.upsert', { messages: [live], type: 'notify' });
    await p.settled();
    const whileAway = received(number, { conversation: 'enquanto offline' });
    const ancient = received(number, { conversation: 'de 2020' }, { messageTimestamp: Date.UTC(2020, 0, 1) / 1000 });
    socket.emit('messages.upsert', { messages: [whileAway], type: 'append' });
    socket.emit('messaging-history.set', { chats: [], contacts: [], messages: [whileAway, live, ancient], isLatest: false });
    socket.emit('messages.upsert', { messages: [whileAway], type: 'notify' });
    await p.settled();
    const rows = await db().select().from(messages).where(eq(messages.connectionId, conn.id));
    expect(rows.map((r) => r.body).sort()).toEqual(['antes de cair', 'enquanto offline']);
  });

  test('history: a message missed while away gets the bot greeting; an imported old one is stored with no reply', async () => {
    const greeting = 'Olá! Em que podemos ajudar?';
    // An import range reaching 2020, so the old message is taken (stored) rather than left out.
    const { conn, p, socket } = await connected({ greetingMessage: greeting, importOldMessages: new Date(Date.UTC(2019, 0, 1)) });
    const [liveNumber, awayNumber, oldNumber] = [customerNumber(), customerNumber(), customerNumber()];
    const greeted = () => socket.sent.filter((c) => 'text' in c.content && c.content.text === greeting).map((c) => c.jid);

    // A live message first: the session's newest-message time, against which "missed while away" is told apart.
    socket.emit('messages.upsert', { messages: [received(liveNumber, { conversation: 'ao vivo' })], type: 'notify' });
    await p.settled();
    await t.jobs.drain();
    expect(greeted()).toEqual([`${liveNumber}@s.whatsapp.net`]);

    const whileAway = received(awayNumber, { conversation: 'enquanto offline' });
    const old = received(oldNumber, { conversation: 'de 2020' }, { messageTimestamp: Date.UTC(2020, 0, 1) / 1000 });
    socket.emit('messaging-history.set', { chats: [], contacts: [], messages: [old, whileAway], isLatest: false });
    await p.settled();
    await t.jobs.drain();

    expect((await messageOf(conn.id, old.key.id as string))?.body).toBe('de 2020');
    expect((await messageOf(conn.id, whileAway.key.id as string))?.body).toBe('enquanto offline');
    expect(greeted()).toEqual([`${liveNumber}@s.whatsapp.net`, `${awayNumber}@s.whatsapp.net`]);
  });

  test('a call is refused with the configured message when calls are not accepted', async () => {
    const { conn, p, socket } = await connected();
    await db()
      .insert(settings)
      .values([
        { companyId: conn.companyId, key: 'acceptCallWhatsapp', value: 'disabled' },
        { companyId: conn.companyId, key: 'AcceptCallWhatsappMessage', value: 'Não atendemos ligações, escreva aqui.' },
      ])
      .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: 'disabled' } });
    await db()
      .update(settings)
      .set({ value: 'Não atendemos ligações, escreva aqui.' })
      .where(and(eq(settings.companyId, conn.companyId), eq(settings.key, 'AcceptCallWhatsappMessage')));
    const from = `${customerNumber()}@s.whatsapp.net`;
    socket.emit('call', [{ chatId: from, from, id: 'CALL1', date: new Date(), status: 'offer', offline: false }]);
    await p.settled();
    expect(socket.rejected).toEqual([{ callId: 'CALL1', from }]);
    expect(socket.sent.at(-1)).toMatchObject({ jid: from, content: { text: 'Não atendemos ligações, escreva aqui.' } });

    // With calls accepted again, the next call rings on.
    await db()
      .update(settings)
      .set({ value: 'enabled' })
      .where(and(eq(settings.companyId, conn.companyId), eq(settings.key, 'acceptCallWhatsapp')));
    socket.emit('call', [{ chatId: from, from, id: 'CALL2', date: new Date(), status: 'offer', offline: false }]);
    await p.settled();
    expect(socket.rejected.map((c) => c.callId)).toEqual(['CALL1']);
  });
});

describe('outbound', () => {
  test('each payload kind becomes the matching Baileys content, with a stable id per idempotency key', async () => {
    const { conn, p, socket } = await connected();
    const to = customerNumber();
    const jid = `${to}@s.whatsapp.net`;
    const first = await p.send({ kind: 'text', to, body: 'Oi', quotedExternalId: 'Q1' }, { idempotencyKey: 'msg-1' });
    const again = await p.send({ kind: 'text', to, body: 'Oi', quotedExternalId: 'Q1' }, { idempotencyKey: 'msg-1' });
    expect(again.externalId).toBe(first.externalId);
    expect(socket.sent).toHaveLength(1); // the same key again is the same send: not a second message
    expect(socket.sent[0]).toMatchObject({
      jid,
      content: { text: 'Oi' },
      options: { messageId: first.externalId, quoted: { key: { id: 'Q1' } } },
    });
    const file = path.join(t.config.dataDir, 'x.png');
    await p.send(
      { kind: 'media', to, mediaType: 'image', filePath: file, fileName: 'x.png', mimeType: 'image/png', caption: 'Veja' },
      { idempotencyKey: 'msg-2' },
    );
    await p.send(
      { kind: 'media', to, mediaType: 'audio', filePath: file, fileName: 'a.ogg', mimeType: 'audio/ogg; codecs=opus' },
      { idempotencyKey: 'msg-3' },
    );
    await p.send(
      { kind: 'media', to, mediaType: 'document', filePath: file, fileName: 'n.pdf', mimeType: 'application/pdf' },
      { idempotencyKey: 'msg-4' },
    );
    await p.send({ kind: 'contact', to, vcard: 'BEGIN:VCARD\nFN:Ana\nEND:VCARD', displayName: 'Ana' }, { idempotencyKey: 'msg-5' });
    await p.send({ kind: 'location', to, latitude: -23.5, longitude: -46.6, description: 'Loja' }, { idempotencyKey: 'msg-6' });
    const list = {
      title: 'Cardápio',
      description: 'Escolha',
      footerText: 'Loja',
      buttonText: 'Ver',
      sections: [{ title: 'Pizzas', rows: [{ title: 'Calabresa', rowId: 'p1', description: '' }] }],
    };
    await p.send({ kind: 'interactive', to, body: 'Escolha', dataJson: list }, { idempotencyKey: 'msg-7' });
    expect(socket.sent.slice(1).map((s) => s.content)).toEqual([
      { image: { url: file }, caption: 'Veja', mimetype: 'image/png' },
      { audio: { url: file }, mimetype: 'audio/ogg; codecs=opus', ptt: true },
      { document: { url: file }, mimetype: 'application/pdf', fileName: 'n.pdf', caption: undefined },
      { contacts: { displayName: 'Ana', contacts: [{ displayName: 'Ana', vcard: 'BEGIN:VCARD\nFN:Ana\nEND:VCARD' }] } },
      { location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' } },
      { text: '*Cardápio*\nEscolha\n\n*Pizzas*\n1. Calabresa\n\n_Loja_' },
    ]);
    await p.edit(first.externalId, to, 'Oi!');
    await p.delete(first.externalId, to);
    expect(socket.sent.slice(-2)).toMatchObject([
      { jid, content: { text: 'Oi!', edit: { id: first.externalId, fromMe: true } } },
      { jid, content: { delete: { id: first.externalId, fromMe: true } } },
    ]);
    whatsapp.pictures.set(jid, 'https://pps.whatsapp.net/p.jpg');
    expect(await p.profilePicture(to)).toBe('https://pps.whatsapp.net/p.jpg');
    expect(await p.profilePicture(customerNumber())).toBeNull();
    await p.markRead(['A1', 'A2'], to);
    expect(socket.read).toEqual([
      { remoteJid: jid, id: 'A1', fromMe: false },
      { remoteJid: jid, id: 'A2', fromMe: false },
    ]);
    expect(conn.id).toBeGreaterThan(0);
  });

  test('a number that is not on WhatsApp is ERR_WAPP_INVALID_CONTACT and nothing is sent', async () => {
    const { p, socket } = await connected();
    const to = customerNumber();
    whatsapp.notOnWhatsApp.add(to);
    const before = socket.sent.length;
    await expect(p.send({ kind: 'text', to, body: 'Oi' }, { idempotencyKey: `msg-${waId()}` })).rejects.toMatchObject({
      code: 'ERR_WAPP_INVALID_CONTACT',
    });
    expect(socket.sent.length).toBe(before);
  });
});

describe('contacts from the phone', () => {
  test('POST /contacts/import brings the address book and /contacts/import/chats the chats, each number once', async () => {
    const { conn, p, socket } = await connected();
    const [ana, bia, caio] = [customerNumber(), customerNumber(), customerNumber()];
    const lid = `${Date.now() + 7}@lid`;
    socket.emit('contacts.upsert', [
      { id: `${ana}@s.whatsapp.net`, name: 'Ana Souza', notify: 'Ana' },
      { id: lid, phoneNumber: `${bia}@s.whatsapp.net`, name: 'Bia' },
      { id: `${customerNumber()}@s.whatsapp.net`, notify: 'só o nome escolhido' },
      { id: `120363${Date.now()}@g.us`, name: 'Um grupo' },
    ]);
    socket.emit('chats.upsert', [{ id: `${caio}@s.whatsapp.net`, name: 'Caio' }]);
    await p.settled();
    const admin = (await db().select().from(users).where(eq(users.companyId, conn.companyId)))[0];
    const api = await t.as(admin);

    const first = await api.post('/contacts/import', { whatsappId: conn.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, existing: 0 });
    const named = async (number: string) =>
      (
        await db()
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, conn.companyId), eq(contacts.number, number)))
      )[0]?.name;
    expect([await named(ana), await named(bia), await named(caio)]).toEqual(['Ana Souza', 'Bia', undefined]);
    expect((await api.post('/contacts/import', { whatsappId: conn.id })).json()).toEqual({ created: 0, existing: 2 });

    expect((await api.post('/contacts/import/chats', { whatsappId: String(conn.id) })).json()).toEqual({ created: 1, existing: 0 });
    expect(await named(caio)).toBe('Caio');
  });

  test("another company's connection is not found and a missing connection is a validation error", async () => {
    const { conn } = await connected();
    const stranger = await t.as(await t.factory.admin());
    for (const url of ['/contacts/import', '/contacts/import/chats']) {
      const res = await stranger.post(url, { whatsappId: conn.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_WAPP_FOUND');
      const missing = await stranger.post(url, {});
      expect(missing.statusCode).toBe(400);
    }
  });
});

describe('sends while the session is down', () => {
  test('replies written while the connection was down are sent when it is back, in order, each once', async () => {
    const admin = await t.factory.admin();
    const { conn, p, socket, own } = await connected({ companyId: admin.companyId });
    const number = customerNumber();
    socket.emit('messages.upsert', { messages: [received(number, { conversation: 'oi' })], type: 'notify' });
    await p.settled();
    await t.jobs.drain();
    const [ticket] = await db()
      .update(tickets)
      .set({ status: 'open', userId: admin.id })
      .where(eq(tickets.connectionId, conn.id))
      .returning();
    const api = await t.as(admin);

    await t.channels.stop(conn.id);
    expect((await row(conn.id)).status).toBe('DISCONNECTED');
    const ids: number[] = [];
    for (const body of ['um', 'dois', 'três']) {
      const res = await api.post(`/messages/${ticket.id}`, { body });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    await t.jobs.drain();
    const waiting = await db().select().from(messages).where(inArray(messages.id, ids));
    expect(waiting.map((m) => [m.ack, m.externalId])).toEqual([
      [0, null],
      [0, null],
      [0, null],
    ]);

    // Back: the session opens and what waited leaves, in the order it was written.
    await t.channels.start(conn.id);
    const back = whatsapp.last;
    back.open(own);
    await (await provider(conn.id)).settled();
    await t.jobs.drain();
    const texts = (s: typeof back) => s.sent.map((c) => ('text' in c.content ? c.content.text : null));
    expect(texts(back)).toEqual(['um', 'dois', 'três']);

    // Every other way a send is tried again finds them sent: the sweep of stuck messages, the job
    // itself, another reconnect.
    await resendStuckMessages({ db: db(), jobs: t.jobs }, new Date(Date.now() + 2 * 60_000));
    for (const messageId of ids) await sendMessageJob.send(t.jobs, { messageId });
    back.close(515); // WhatsApp's "restart required": a new socket at once with the saved login
    await (await provider(conn.id)).settled();
    await vi.waitFor(() => expect(whatsapp.last).not.toBe(back), { timeout: 10_000 });
    whatsapp.last.open(own);
    await (await provider(conn.id)).settled();
    await t.jobs.drain();
    const sentIds = whatsapp.sockets.flatMap((s) => s.sent.map((c) => c.options?.messageId));
    const stored = await db().select().from(messages).where(inArray(messages.id, ids));
    for (const m of stored) {
      expect(m.ack).toBe(1);
      expect(sentIds.filter((id) => id === m.externalId)).toHaveLength(1);
    }
  });
});
