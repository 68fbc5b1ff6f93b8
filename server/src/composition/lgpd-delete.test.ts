import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import type { BaileysProvider } from '../channels/baileys';
import { connections, messages, tickets } from '../db/schema';
import { setCompanySetting } from '../features/settings';
import { useTestApp } from '../test/harness';
import { customerNumber, TINY_PNG } from '../test/simulator';
import { FakeWhatsApp, received } from '../test/whatsapp-web';
import { registerWhatsappWeb } from './channels';

/**
 * lgpdDeleteMessage (spec 2 §3 Settings, "Ofuscar mensagem apagada pelo contato"): a customer deletes
 * a message for everyone on WhatsApp; the provider reports Baileys' revoke (a protocolMessage of type
 * 0, the payload a phone sends) and the message is marked deleted. With the setting on, its content
 * is erased (text, media file, the ticket's preview); off, it is kept for the company's records.
 */
const t = useTestApp();
const whatsapp = new FakeWhatsApp();
const deps = () => ({ db: t.database.db, realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });
const db = () => t.database.db;

beforeAll(() => registerWhatsappWeb(t.channels, deps, whatsapp));

async function connected() {
  const admin = await t.factory.admin();
  const [conn] = await db()
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: `WA ${randomBytes(3).toString('hex')}`,
      provider: 'beta',
      token: randomBytes(15).toString('hex'),
    })
    .returning();
  const p = (await t.channels.providerFor(conn.id)) as BaileysProvider;
  const socket = whatsapp.last;
  socket.showQr();
  await socket.pair(customerNumber());
  await p.settled();
  return { conn, p, socket };
}

const messageOf = async (connectionId: number, externalId: string) =>
  (
    await db()
      .select()
      .from(messages)
      .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
  )[0];

/** The customer sends a text and an image, then deletes both for everyone. */
async function customerDeletes(lgpdDeleteMessage: 'enabled' | 'disabled') {
  const { conn, p, socket } = await connected();
  await setCompanySetting(db(), conn.companyId, 'lgpdDeleteMessage', lgpdDeleteMessage);
  const number = customerNumber();
  const image = received(number, { imageMessage: { mimetype: 'image/png', caption: 'meu documento', fileLength: TINY_PNG.length } });
  whatsapp.media.set(image.key.id!, TINY_PNG);
  const text = received(number, { conversation: 'meu CPF é 123.456.789-00' });
  socket.emit('messages.upsert', { messages: [image, text], type: 'notify' });
  await p.settled();
  const storedImage = await messageOf(conn.id, image.key.id!);
  expect(existsSync(path.join(t.config.dataDir, storedImage.mediaUrl!))).toBe(true);
  const revokes = [image, text].map((m) => received(number, { protocolMessage: { key: m.key, type: 0 } }));
  socket.emit('messages.upsert', { messages: revokes, type: 'notify' });
  await p.settled();
  return { conn, storedImage, image: await messageOf(conn.id, image.key.id!), text: await messageOf(conn.id, text.key.id!) };
}

test('with lgpdDeleteMessage on, a message the customer deletes is erased: text, media file and ticket preview; the inbox is told', async () => {
  const { conn, storedImage, image, text } = await customerDeletes('enabled');
  expect(text).toMatchObject({ isDeleted: true, body: '', mediaUrl: null });
  expect(image).toMatchObject({ isDeleted: true, body: '', mediaUrl: null, mediaName: null });
  expect(existsSync(path.join(t.config.dataDir, storedImage.mediaUrl!))).toBe(false);
  const [ticket] = await db().select().from(tickets).where(eq(tickets.id, text.ticketId));
  expect(ticket.lastMessage).toBe('');
  const updates = t.sent.filter(
    (e) => e.event === `company-${conn.companyId}-appMessage` && (e.payload as { action: string }).action === 'update',
  );
  const told = updates.map((e) => (e.payload as { message: { id: number; isDeleted: boolean; body: string } }).message);
  expect(told).toContainEqual(expect.objectContaining({ id: text.id, isDeleted: true, body: '' }));
  expect(told).toContainEqual(expect.objectContaining({ id: image.id, isDeleted: true, body: '' }));
  // The text's own announcement (the last) carries nothing of it, the ticket's preview included.
  expect(JSON.stringify(updates.at(-1))).not.toContain('123.456.789-00');
});

test('with lgpdDeleteMessage off (the default), the deleted message is only marked: its content stays for the records', async () => {
  const { storedImage, image, text } = await customerDeletes('disabled');
  expect(text).toMatchObject({ isDeleted: true, body: 'meu CPF é 123.456.789-00' });
  expect(image).toMatchObject({ isDeleted: true, body: 'meu documento', mediaUrl: storedImage.mediaUrl });
  expect(existsSync(path.join(t.config.dataDir, storedImage.mediaUrl!))).toBe(true);
});

test('a message the company sent from the phone and then deleted is only marked, even with the setting on', async () => {
  const { conn, p, socket } = await connected();
  await setCompanySetting(db(), conn.companyId, 'lgpdDeleteMessage', 'enabled');
  const number = customerNumber();
  const fromPhone = received(number, { conversation: 'proposta comercial' }, { key: { fromMe: true } });
  socket.emit('messages.upsert', { messages: [fromPhone], type: 'notify' });
  await p.settled();
  socket.emit('messages.upsert', {
    messages: [received(number, { protocolMessage: { key: fromPhone.key, type: 0 } }, { key: { fromMe: true } })],
    type: 'notify',
  });
  await p.settled();
  expect(await messageOf(conn.id, fromPhone.key.id!)).toMatchObject({ isDeleted: true, body: 'proposta comercial', fromMe: true });
});
