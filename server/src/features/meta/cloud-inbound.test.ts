import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, globalSettings, messages, tickets } from '../../db/schema';
import { mediaStorage } from '../../media';
import { serveCloudMedia, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { customerNumber, TINY_PNG } from '../../test/simulator';
import { cloudMessage, metaConnection, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

/** Posts one inbound message and answers the row it stored. */
async function receive(
  connection: { facebookPageUserId: string; id: number },
  from: string,
  message: Record<string, unknown>,
  name = 'Ana',
) {
  const body = cloudMessage(connection.facebookPageUserId, from, name, message);
  expect((await postWebhook(t, body)).statusCode).toBe(200);
  const id = (body.entry[0].changes[0].value.messages as { id: string }[])[0].id;
  const [row] = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.connectionId, connection.id), eq(messages.externalId, id)));
  return row;
}

test('a signed text message opens a pending whatsappapi ticket with the profile name, and the agents hear of it', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const from = customerNumber();
  const row = await receive(conn, from, { type: 'text', text: { body: 'Olá, preciso de ajuda' } }, 'Beatriz');
  expect(row).toMatchObject({ body: 'Olá, preciso de ajuda', fromMe: false, mediaType: 'conversation', companyId: admin.companyId });
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  expect(ticket).toMatchObject({ status: 'pending', channel: 'whatsappapi', connectionId: conn.id, lastMessage: 'Olá, preciso de ajuda' });
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
  expect(contact).toMatchObject({ number: from, name: 'Beatriz', channel: 'whatsappapi' });
  const event = t.sent.find(
    (e) => e.event === `company-${admin.companyId}-appMessage` && (e.payload as { message: { id: number } }).message.id === row.id,
  );
  expect(event?.payload).toMatchObject({ action: 'create', message: { body: 'Olá, preciso de ajuda' }, ticket: { id: ticket.id } });
});

test('the same delivery twice (Meta retries) stores the message once', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const body = cloudMessage(conn.facebookPageUserId, customerNumber(), 'Ana', { type: 'text', text: { body: 'uma vez' } });
  await postWebhook(t, body);
  await postWebhook(t, body);
  expect(await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id))).toHaveLength(1);
});

test('an image is fetched through the media endpoint with the connection token and stored in the company folder', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  serveCloudMedia(graph.fake, conn.tokenMeta, '1837461', TINY_PNG, 'image/png');
  const row = await receive(conn, customerNumber(), {
    type: 'image',
    image: { id: '1837461', mime_type: 'image/png', sha256: 'x', caption: 'meu comprovante' },
  });
  expect(row).toMatchObject({ mediaType: 'image', body: 'meu comprovante' });
  expect(row.mediaUrl).toMatch(new RegExp(`^/public/company${admin.companyId}/media/.+\\.png$`));
  const storage = mediaStorage(t.config);
  expect(await storage.read(storage.keyOf(row.mediaUrl!)!)).toEqual(TINY_PNG);
  expect(graph.fake.callsTo('GET', '/1837461')[0].token).toBe(conn.tokenMeta);
});

test('a document keeps its file name; a file over the downloadLimit setting becomes a message that says it was too large', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 32)]);
  serveCloudMedia(graph.fake, conn.tokenMeta, '55501', pdf, 'application/pdf');
  const small = await receive(conn, customerNumber(), {
    type: 'document',
    document: { id: '55501', filename: 'contrato.pdf', mime_type: 'application/pdf' },
  });
  expect(small).toMatchObject({ mediaType: 'application', mediaName: 'contrato.pdf' });

  await t.database.db
    .insert(globalSettings)
    .values({ key: 'downloadLimit', value: '1' })
    .onConflictDoUpdate({ target: globalSettings.key, set: { value: '1' } });
  try {
    serveCloudMedia(graph.fake, conn.tokenMeta, '55502', pdf, 'application/pdf');
    const big = await receive(conn, customerNumber(), {
      type: 'document',
      document: { id: '55502', filename: 'grande.pdf', mime_type: 'application/pdf' },
    });
    expect(big).toMatchObject({ mediaType: 'conversation', mediaUrl: null });
    expect(big.body).toContain('grande.pdf');
    expect(big.body).toContain('1 MB');
  } finally {
    await t.database.db.delete(globalSettings).where(eq(globalSettings.key, 'downloadLimit'));
  }
});

test('location, contacts, interactive replies, template button replies and reactions are filed as the inbox shows them', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const from = customerNumber();
  const location = await receive(conn, from, {
    type: 'location',
    location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja', address: 'Av. Paulista' },
  });
  expect(location.mediaType).toBe('locationMessage');
  expect(location.body).toContain('q=-23.5505%2C-46.6333');
  expect(location.body).toContain('Loja - Av. Paulista');

  const card = await receive(conn, from, {
    type: 'contacts',
    contacts: [
      {
        name: { formatted_name: 'João Silva', first_name: 'João' },
        phones: [{ phone: '+55 11 99999-0000', wa_id: '5511999990000', type: 'CELL' }],
      },
    ],
  });
  expect(card.mediaType).toBe('contactMessage');
  expect(card.body).toContain('FN:João Silva');
  expect(card.body).toContain('waid=5511999990000');

  const list = await receive(conn, from, {
    type: 'interactive',
    interactive: { type: 'list_reply', list_reply: { id: 'opt-2', title: 'Financeiro', description: 'boletos' } },
  });
  expect(list).toMatchObject({ mediaType: 'conversation', body: 'Financeiro' });
  const button = await receive(conn, from, {
    type: 'interactive',
    interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sim' } },
  });
  expect(button.body).toBe('Sim');
  const template = await receive(conn, from, { type: 'button', button: { text: 'Quero saber mais', payload: 'MORE' } });
  expect(template.body).toBe('Quero saber mais');

  const reaction = await receive(conn, from, { type: 'reaction', reaction: { message_id: list.externalId, emoji: '👍' } });
  expect(reaction).toMatchObject({ mediaType: 'reactionMessage', body: '👍', quotedMsgId: list.id });
  // All of it is one conversation.
  expect(new Set([location, card, list, button, template, reaction].map((m) => m.ticketId)).size).toBe(1);
});

test('a reply quoting an earlier message keeps the quote', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const from = customerNumber();
  const first = await receive(conn, from, { type: 'text', text: { body: 'primeira' } });
  const reply = await receive(conn, from, { type: 'text', text: { body: 'resposta' }, context: { from, id: first.externalId } });
  expect(reply.quotedMsgId).toBe(first.id);
});
