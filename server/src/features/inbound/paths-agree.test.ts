import { asc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { InboundMessage, InboundResult } from '../../channels/types';
import { contacts, messages, ticketLogs, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import type { InboundDeps } from './deps';
import { ingestCommonCase, ingestInFull } from './ingest';

// The one-statement paths (active-ticket.ts, first-message.ts) exist for speed only: for the messages
// they take, they must write exactly what the general path writes.
const t = useTestApp();

const deps = (): InboundDeps => ({ db: t.database.db, config: t.config, realtime: t.app.realtime, log: t.app.log });

/** A company of its own with a simulator connection in one queue (so new tickets take that queue). */
async function company() {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const res = await (await t.as(admin)).post('/whatsapp', { name: `Simulador ${queue.id}`, provider: 'simulator', queueIds: [queue.id] });
  expect(res.statusCode, res.body).toBe(200);
  return { companyId: admin.companyId, connectionId: res.json().id as number, queueId: queue.id };
}

/**
 * Every row an inbound message writes for the company, comparable across companies: ids become
 * names (`ticket#1`, `message#2`, in creation order), the company, connection and queue become their
 * role, and times the database chose (now()) are dropped; a message keeps the time it was sent at.
 */
async function writtenRows(place: Awaited<ReturnType<typeof company>>) {
  const db = t.database.db;
  const rowsOf = {
    contacts: await db.select().from(contacts).where(eq(contacts.companyId, place.companyId)).orderBy(asc(contacts.id)),
    tickets: await db.select().from(tickets).where(eq(tickets.companyId, place.companyId)).orderBy(asc(tickets.id)),
    ticketLogs: await db.select().from(ticketLogs).where(eq(ticketLogs.companyId, place.companyId)).orderBy(asc(ticketLogs.id)),
    messages: await db.select().from(messages).where(eq(messages.companyId, place.companyId)).orderBy(asc(messages.id)),
  };
  const names = new Map<string, string>([
    [`company:${place.companyId}`, 'company'],
    [`connection:${place.connectionId}`, 'connection'],
    [`queue:${place.queueId}`, 'queue'],
  ]);
  for (const [table, rows] of Object.entries(rowsOf)) {
    for (const [i, row] of rows.entries()) names.set(`${table}:${row.id}`, `${table}#${i + 1}`);
  }
  const refs: Record<string, string> = {
    id: '',
    companyId: 'company',
    connectionId: 'connection',
    queueId: 'queue',
    contactId: 'contacts',
    ticketId: 'tickets',
    quotedMsgId: 'messages',
  };
  const normalize = (table: string, row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([key]) => key !== 'uuid' && !(table !== 'messages' && (key === 'createdAt' || key === 'updatedAt')))
        .map(([key, value]) => {
          if (!(key in refs) || value === null) return [key, value];
          const kind = key === 'id' ? table : refs[key];
          return [key, names.get(`${kind}:${value}`) ?? `unknown ${kind} ${value}`];
        }),
    );
  return Object.fromEntries(Object.entries(rowsOf).map(([table, rows]) => [table, rows.map((r) => normalize(table, r))]));
}

test('the one-statement paths and the general path write the same contacts, tickets, logs and messages', async () => {
  const [fast, general] = [await company(), await company()];
  const from = `55119${String(Date.now()).slice(-8)}`;
  const at = (s: number) => new Date(Date.UTC(2026, 0, 5, 12, 0, s));
  const conversation: Omit<InboundMessage, 'connectionId'>[] = [
    // A new number's first message (first-message.ts), named after its push name.
    { externalId: 'M1', from, name: '  Ana Souza ', mediaType: 'conversation', body: 'oi, tudo bem?', timestamp: at(1), ack: 1 },
    // The known contact writes into its open ticket (active-ticket.ts), quoting the first message.
    {
      externalId: 'M2',
      from,
      name: 'Ana Souza',
      mediaType: 'extendedTextMessage',
      body: 'sobre isso',
      quotedExternalId: 'M1',
      timestamp: at(2),
    },
    // Sent from the company's own phone: stored as the company's, not unread.
    { externalId: 'M3', from, name: 'Ana Souza', mediaType: 'conversation', body: 'já respondo', fromMe: true, timestamp: at(3), ack: 2 },
    // A location: its own preview line.
    {
      externalId: 'M4',
      from,
      name: 'Ana Souza',
      mediaType: 'locationMessage',
      body: '|https://maps.google.com/maps?q=-23.5%2C-46.6|Praça da Sé',
      dataJson: { degreesLatitude: -23.5 },
      timestamp: at(4),
    },
  ];

  for (const msg of conversation) {
    const quick = await ingestCommonCase(deps(), { ...msg, connectionId: fast.connectionId });
    // Each of these is a case the one-statement paths take (null would mean the general path's turn).
    expect(quick, msg.externalId).toMatchObject({ status: 'stored' });
    const full = await ingestInFull(deps(), { ...msg, connectionId: general.connectionId });
    expect(full, msg.externalId).toMatchObject({ status: 'stored' });
  }
  // A redelivery is a duplicate on both paths and writes nothing.
  const again = { ...conversation[1] };
  expect(await ingestCommonCase(deps(), { ...again, connectionId: fast.connectionId })).toEqual<InboundResult>({ status: 'duplicate' });
  expect(await ingestInFull(deps(), { ...again, connectionId: general.connectionId })).toEqual<InboundResult>({ status: 'duplicate' });

  const [byFast, byGeneral] = [await writtenRows(fast), await writtenRows(general)];
  expect(byFast).toEqual(byGeneral);
  // And what they wrote is the conversation: one contact, one ticket in the queue, its log, four messages.
  expect(byFast.contacts).toMatchObject([{ name: 'Ana Souza', number: from, connectionId: 'connection' }]);
  expect(byFast.tickets).toMatchObject([
    {
      status: 'pending',
      queueId: 'queue',
      contactId: 'contacts#1',
      unreadMessages: 3,
      lastMessage: 'Praça da Sé',
      lastMessageType: 'locationMessage',
    },
  ]);
  expect(byFast.ticketLogs).toMatchObject([{ type: 'create', ticketId: 'tickets#1', queueId: 'queue' }]);
  expect(byFast.messages.map((m) => [m.id, m.quotedMsgId, m.fromMe, m.read, m.ack, m.createdAt])).toEqual([
    ['messages#1', null, false, false, 1, at(1)],
    ['messages#2', 'messages#1', false, false, 0, at(2)],
    ['messages#3', null, true, true, 2, at(3)],
    ['messages#4', null, false, false, 0, at(4)],
  ]);
});
