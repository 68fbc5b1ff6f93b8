import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, messages, ticketLogs, tickets } from '../../db/schema';
import { rooms } from '../../realtime/emit';
import { useTestApp } from '../../test/harness';
import { convertWithFfmpeg } from '../../media';
import { customerNumber, customerOf, inboxCounts, simulatorConnection, TINY_PNG } from '../../test/simulator';

const t = useTestApp();

test('fifty simultaneous first messages from one new number make one contact, one ticket and fifty messages', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const before = await inboxCounts(t, conn.id, admin.companyId);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => customer.send({ from, name: 'Ana', body: `m${i}`, id: `burst-${i}` })),
  );
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  expect(new Set(answers.map((r) => r.json().ticketId)).size).toBe(1);

  const after = await inboxCounts(t, conn.id, admin.companyId);
  expect(after).toEqual({ messages: 50, tickets: 1, contacts: before.contacts + 1 });
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.connectionId, conn.id));
  expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 50, isGroup: false, channel: 'whatsapp', companyId: admin.companyId });
  expect(await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id))).toHaveLength(1);
  const appMessages = t.sent.filter(
    (e) =>
      e.event === `company-${admin.companyId}-appMessage` &&
      (e.payload as { message: { ticketId: number } }).message.ticketId === ticket.id,
  );
  expect(appMessages).toHaveLength(50);
});

test('the same external id twice stores one message; concurrent redeliveries too', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const first = await customer.send({ from, body: 'olá', id: 'ABC123' });
  expect(first.json()).toMatchObject({ id: 'ABC123', ticketId: expect.any(Number), messageId: expect.any(Number) });
  const again = await customer.send({ from, body: 'olá de novo', id: 'ABC123' });
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual({ id: 'ABC123', duplicate: true });

  const burst = await Promise.all(Array.from({ length: 10 }, () => customer.send({ from, body: 'repetida', id: 'SAME-ID' })));
  expect(burst.filter((r) => r.json().duplicate === true)).toHaveLength(9);
  const rows = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
  expect(rows.map((m) => m.body).sort()).toEqual(['olá', 'repetida']);
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.connectionId, conn.id));
  expect(ticket.unreadMessages).toBe(2);
});

test('a received image is stored under the company media folder with its type sniffed from the content', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  // Declared as a PDF document named .jpg: the bytes are a PNG, and the bytes decide.
  const res = await customerOf(t, conn).send({
    from: customerNumber(),
    type: 'document',
    file: TINY_PNG.toString('base64'),
    mimeType: 'application/pdf',
    fileName: 'foto.jpg',
    body: 'minha foto',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, res.json().messageId));
  expect(row.mediaType).toBe('image');
  expect(row.mediaName).toBe('foto.jpg');
  expect(row.body).toBe('minha foto');
  expect(row.mediaUrl).toMatch(new RegExp(`^/public/company${admin.companyId}/media/[0-9a-f]{32}\\.png$`));
  const file = path.join(t.config.dataDir, row.mediaUrl!);
  expect(await readFile(file)).toEqual(TINY_PNG);
  const served = await (await t.as(admin)).get(row.mediaUrl!); // a company's media answer to its sessions only
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');

  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  expect(ticket.lastMessage).toBe('minha foto');
});

test('a caption-less file shows its name in the ticket; a text file without a signature is kept as text', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const res = await customerOf(t, conn).send({
    from: customerNumber(),
    type: 'document',
    mediaUrl: `data:text/plain;base64,${Buffer.from('linha 1\nlinha 2').toString('base64')}`,
    fileName: 'notas.txt',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, res.json().messageId));
  expect(row).toMatchObject({ mediaType: 'application', mediaName: 'notas.txt', body: '' });
  expect(row.mediaUrl).toMatch(/\.txt$/);
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  // The preview names the file beside its (empty) caption, never in place of it (issue 31).
  expect(ticket).toMatchObject({ lastMessage: '', lastMessageType: 'application', lastMessageMediaName: 'notas.txt' });
});

test('the ticket view says what its newest message is: a photo, an audio with its length, a document with its name, a place (issue 31)', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const api = await t.as(admin);
  const view = async (ticketId: number) => {
    const ticket = (await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];
    return (await api.get(`/tickets/u/${ticket.uuid}`)).json() as { lastMessage: string; lastMessageMedia: unknown };
  };
  // A photo without caption nor name: no stored name ever reaches the preview.
  const photo = (await customer.send({ from, type: 'image', file: TINY_PNG.toString('base64'), mimeType: 'image/png' })).json();
  expect(await view(photo.ticketId)).toMatchObject({ lastMessage: '', lastMessageMedia: { type: 'image', name: null, seconds: null } });
  // A five-second Ogg/Opus voice note: its length is read from the file.
  const voice = await fiveSecondVoiceNote();
  await customer.send({ from, type: 'audio', file: voice.toString('base64'), mimeType: 'audio/ogg', fileName: 'voice.ogg' });
  expect(await view(photo.ticketId)).toMatchObject({ lastMessage: '', lastMessageMedia: { type: 'audio', name: 'voice.ogg', seconds: 5 } });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await customer.send({
    from,
    type: 'document',
    file: pdf.toString('base64'),
    mimeType: 'application/pdf',
    fileName: 'nome.pdf',
    body: 'Segue',
  });
  expect(await view(photo.ticketId)).toMatchObject({ lastMessage: 'Segue', lastMessageMedia: { type: 'document', name: 'nome.pdf' } });
  // A place takes the one-statement path (known contact, open ticket): it writes the kind too.
  await customer.send({ from, type: 'location', body: '-23.5,-46.6', description: 'Av. Paulista, 1000' });
  expect(await view(photo.ticketId)).toMatchObject({
    lastMessage: 'Av. Paulista, 1000',
    lastMessageMedia: { type: 'location', name: null },
  });
  await customer.send({ from, body: 'obrigado' });
  expect(await view(photo.ticketId)).toMatchObject({ lastMessage: 'obrigado', lastMessageMedia: null });
});

test('a new ticket takes the connection queue when it has exactly one; with two it waits without a queue', async () => {
  const admin = await t.factory.admin();
  const [q1, q2] = [await t.factory.queue(admin.companyId), await t.factory.queue(admin.companyId)];
  const one = await simulatorConnection(t, admin, { queueIds: [q1.id] });
  const two = await simulatorConnection(t, admin, { queueIds: [q1.id, q2.id], greetingMessage: 'Escolha' });
  const a = (await customerOf(t, one).send({ from: customerNumber(), body: 'oi' })).json();
  const b = (await customerOf(t, two).send({ from: customerNumber(), body: 'oi' })).json();
  const [ta] = await t.database.db.select().from(tickets).where(eq(tickets.id, a.ticketId));
  const [tb] = await t.database.db.select().from(tickets).where(eq(tickets.id, b.ticketId));
  expect(ta.queueId).toBe(q1.id);
  expect(tb.queueId).toBeNull();
  const [log] = await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ta.id));
  expect(log).toMatchObject({ type: 'create', queueId: q1.id, userId: null });

  // Events go to the ticket's audience only: admins and the queue's room, never the whole company.
  const ticketEvent = t.sent.find(
    (e) => e.event === `company-${admin.companyId}-ticket` && (e.payload as { ticket?: { id: number } }).ticket?.id === ta.id,
  );
  expect(ticketEvent?.room).toEqual([rooms.admins, rooms.queue(q1.id)]);
  const messageEvent = t.sent.find(
    (e) => e.event === `company-${admin.companyId}-appMessage` && (e.payload as { ticket: { id: number } }).ticket.id === tb.id,
  );
  expect(messageEvent?.room).toEqual([rooms.admins, rooms.noQueue, rooms.chatBox(tb.uuid)]);
  expect(messageEvent?.payload).toMatchObject({
    action: 'create',
    message: { body: 'oi', fromMe: false, ack: 1, ticketId: tb.id, mediaType: 'conversation' },
    ticket: { id: tb.id, status: 'pending', unreadMessages: 1, lastMessage: 'oi', whatsappId: two.id },
  });
});

test('a message after the ticket was closed opens a new pending ticket', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const first = (await customer.send({ from, body: 'primeiro' })).json();
  await t.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, first.ticketId));
  const second = (await customer.send({ from, body: 'voltei' })).json();
  expect(second.ticketId).not.toBe(first.ticketId);
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, second.ticketId));
  expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'voltei' });
});

test('a contact name the company has is kept; a contact known only by number gets the sender name', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const named = customerNumber();
  await customer.send({ from: named, name: 'Maria', body: '1' });
  await customer.send({ from: named, name: 'Outro Nome', body: '2' });
  const nameless = customerNumber();
  await customer.send({ from: nameless, body: '1' });
  await customer.send({ from: nameless, name: 'João', body: '2' });
  const rows = await t.database.db.select().from(contacts).where(eq(contacts.companyId, admin.companyId));
  expect(Object.fromEntries(rows.map((c) => [c.number, c.name]))).toEqual({ [named]: 'Maria', [nameless]: 'João' });
  expect(rows.every((c) => c.channel === 'whatsapp' && c.connectionId === conn.id)).toBe(true);
});

test('location, contact card and quoted replies arrive in the shapes the conversation renders', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const place = (await customer.send({ from, type: 'location', body: '-23.5505,-46.6333', description: 'Praça da Sé' })).json();
  const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Carlos Silva\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
  const card = (await customer.send({ from, type: 'contact', body: vcard })).json();
  const reply = (await customer.send({ from, body: 'sobre o lugar', quotedId: place.id })).json();

  const byId = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
  expect(await byId(place.messageId)).toMatchObject({
    mediaType: 'locationMessage',
    body: '|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17&hl=pt-BR|Praça da Sé',
  });
  expect(await byId(card.messageId)).toMatchObject({ mediaType: 'contactMessage', body: vcard });
  expect((await byId(reply.messageId)).quotedMsgId).toBe(place.messageId);
  // Each message's ticket view (its new last message, and what it is) rides on the message's own event.
  const lastTicketEvents = t.sent
    .filter((e) => e.event === `company-${admin.companyId}-appMessage`)
    .map((e) => (e.payload as { ticket: { lastMessage: string; lastMessageMedia: { type: string } | null } }).ticket)
    .map((v) => [v.lastMessage, v.lastMessageMedia?.type ?? null]);
  expect(lastTicketEvents.slice(-3)).toEqual([
    ['Praça da Sé', 'location'],
    ['Carlos Silva', 'contact'],
    ['sobre o lugar', null],
  ]);
  const quotedEvent = t.sent.filter((e) => e.event === `company-${admin.companyId}-appMessage`).at(-1)?.payload;
  expect(quotedEvent).toMatchObject({ message: { quotedMsg: { id: place.messageId, fromMe: false, mediaType: 'locationMessage' } } });
});

/** Five seconds of silence as WhatsApp's voice notes are (Ogg/Opus), made by the bundled ffmpeg from a WAV. */
async function fiveSecondVoiceNote(): Promise<Buffer> {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 5 * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return convertWithFfmpeg(t.config.ffmpegPath, Buffer.concat([header, samples]), 'wav', ['-c:a', 'libopus', '-b:a', '32k'], 'ogg');
}
