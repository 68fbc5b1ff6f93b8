import { COMPANY_SETTING_DEFAULTS, type ContactView, type MessageView, type TicketView } from '@chatflow/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchedReads, preparedPerDb } from '../../db/prepared';
import { contacts, messages, settings, tickets } from '../../db/schema';
import { presentContact } from '../contacts';
import { presentTicket, ticketRowsQuery } from '../tickets';
import { presentMessage, presentOne } from './presenter';

const HIDE_NUMBER = 'lgpdHideNumber';

/** Messages one execution of the announcement read takes; a larger batch runs in slices of this many. */
const SLOTS = 8;

/**
 * Messages with their tickets as the realtime events show them, in one query: the ticket view's own
 * query (tickets/loader.ts) with the message joined, its contact in full (for a new contact's event)
 * and the company's lgpdHideNumber setting (events reach several viewers, so numbers are masked
 * while it is on). Every message announced (inbound, sent, acked, edited) reads it once committed,
 * so it is prepared, and the reads of messages announced together share one execution.
 * The messages are SLOTS (id, company) pairs, one parameter per value, so PostgreSQL keeps a
 * generic plan after a few runs. With an array of ids it planned every execution anew (its generic
 * estimate for "any of an array" looked worse than a custom plan), and planning these joins cost ten
 * times running them (bench campaigns: 3 to 8 ms a read under load, 0.3 ms with the generic plan).
 * announce.test.ts holds it equal to loadTicketView + presentOne.
 */
const announcementStatement = preparedPerDb((db) =>
  ticketRowsQuery(db, {
    message: messages,
    contact: contacts,
    hideNumber: sql<string>`coalesce((select ${settings.value} from ${settings}
      where ${settings.companyId} = ${tickets.companyId} and ${settings.key} = ${HIDE_NUMBER}), ${COMPANY_SETTING_DEFAULTS[HIDE_NUMBER]})`,
  })
    .innerJoin(messages, eq(messages.ticketId, tickets.id))
    // Each id with its own company, pair by pair.
    .where(
      and(
        or(
          ...Array.from(
            { length: SLOTS },
            (_, i) =>
              sql`(${messages.id} = ${sql.placeholder(`id${i}`)}::bigint and ${messages.companyId} = ${sql.placeholder(`company${i}`)}::int)`,
          ),
        ),
        sql`${tickets.companyId} = ${messages.companyId}`,
      ),
    )
    .prepare('message_announcements'),
);

type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof announcementStatement>['execute']>>[number];
type Key = { companyId: number; messageId: number };

/**
 * The statement's values for up to SLOTS keys. Slots left over get ids no message has (negative),
 * each a different one: with a repeated id PostgreSQL planned each run anew, since a custom plan for
 * one distinct message looked cheaper than the generic plan for eight.
 */
function slotValues(keys: Key[]): Record<string, number> {
  const values: Record<string, number> = {};
  for (let i = 0; i < SLOTS; i++) {
    values[`id${i}`] = keys[i]?.messageId ?? -(i + 1);
    values[`company${i}`] = keys[i]?.companyId ?? 0;
  }
  return values;
}

const announcementReader = preparedPerDb((db) =>
  batchedReads<Key, AnnouncementRow>(async (keys) => {
    const slices = Array.from({ length: Math.ceil(keys.length / SLOTS) }, (_, i) => keys.slice(i * SLOTS, (i + 1) * SLOTS));
    const rows = (await Promise.all(slices.map((slice) => announcementStatement(db).execute(slotValues(slice))))).flat();
    const byId = new Map(rows.map((row) => [Number(row.message.id), row]));
    return keys.map((k) => byId.get(k.messageId));
  }),
);

export interface Announcement {
  ticket: TicketView;
  message: MessageView;
  /**
   * The ticket's contact as `company-{id}-contact` shows it, for a contact created with this message
   * (so with no tags or extra info yet, and this connection as its origin); null otherwise.
   */
  newContact: ContactView | null;
}

/** The ticket and message views of one committed message, or null when it (or its ticket) is gone. */
export async function loadAnnouncement(
  db: Db,
  companyId: number,
  messageId: number,
  opts: { newContact?: boolean } = {},
): Promise<Announcement | null> {
  const row = await announcementReader(db)({ companyId, messageId });
  if (!row) return null;
  const hidden = row.hideNumber === 'enabled';
  const ticket = presentTicket(row, { hideNumber: hidden });
  const ref = {
    id: row.ticket.id,
    uuid: row.ticket.uuid,
    queueId: row.ticket.queueId,
    userId: row.ticket.userId,
    connectionId: row.ticket.connectionId,
    companyId,
  };
  // A message of the ticket's contact, quoting nothing, is presented from this row; a quote (or a
  // message of someone else) needs its own lookups.
  const message =
    row.message.quotedMsgId === null && row.message.contactId === row.ticket.contactId
      ? presentMessage(row.message, { contact: row.contact, quoted: null, ticket: ref })
      : await presentOne(db, ref, row.message);
  const origin =
    row.connection && row.contact.connectionId === row.connection.id ? { id: row.connection.id, name: row.connection.name } : null;
  const newContact = opts.newContact ? presentContact(row.contact, { whatsapp: origin }, { maskNumber: hidden }) : null;
  return { ticket, message, newContact };
}
