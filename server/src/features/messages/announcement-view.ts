import { COMPANY_SETTING_DEFAULTS, type ContactView, type MessageView, type TicketView } from '@chatflow/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchedReads, perDatabase, preparedStatement } from '../../db/prepared';
import { contacts, messages, settings, tickets } from '../../db/schema';
import { presentContact } from '../contacts';
import { presentTicket, ticketRowsQuery } from '../tickets';
import { presentMessage, presentOne } from './presenter';

const HIDE_NUMBER = 'lgpdHideNumber';

/** Messages the announcement read for a few takes at most; more are read with the statement for many. */
const SLOTS = 8;

/**
 * Messages with their tickets as the realtime events show them, in one query: the ticket view's own
 * query (tickets/loader.ts) with the message joined, its contact in full (for a new contact's event)
 * and the company's lgpdHideNumber setting (events reach several viewers, so numbers are masked
 * while it is on). Every message announced (inbound, sent, acked, edited) reads it once committed,
 * so it is prepared, and the reads of messages announced together share one execution.
 * announce.test.ts holds it equal to loadTicketView + presentOne.
 */
const announcementRows = (db: Db, messagesWanted: SQL) =>
  ticketRowsQuery(db, {
    message: messages,
    contact: contacts,
    hideNumber: sql<string>`coalesce((select ${settings.value} from ${settings}
      where ${settings.companyId} = ${tickets.companyId} and ${settings.key} = ${HIDE_NUMBER}), ${COMPANY_SETTING_DEFAULTS[HIDE_NUMBER]})`,
  })
    .innerJoin(messages, eq(messages.ticketId, tickets.id))
    .where(and(messagesWanted, sql`${tickets.companyId} = ${messages.companyId}`));

/**
 * A few messages (the usual case): SLOTS (id, company) pairs, one parameter per value, so PostgreSQL
 * keeps a generic plan after a few runs. Read with arrays, it planned each read anew (its generic
 * estimate for "any of an array" looked worse than a custom plan), and planning these joins cost many
 * times running them (bench/results/code-figures.md).
 */
const fewStatement = preparedStatement((db) =>
  announcementRows(
    db,
    or(
      ...Array.from(
        { length: SLOTS },
        (_, i) =>
          sql`(${messages.id} = ${sql.placeholder(`id${i}`)}::bigint and ${messages.companyId} = ${sql.placeholder(`company${i}`)}::int)`,
      ),
    )!,
  ).prepare('message_announcements'),
);

/** Many messages at once (a burst): arrays of ids and their companies, pair by pair; planning is paid once for them all. */
const manyStatement = preparedStatement((db) =>
  announcementRows(
    db,
    sql`${messages.id} = any(${sql.placeholder('messageIds')}::bigint[])
      and ${messages.companyId} = (${sql.placeholder('companyIds')}::int[])[array_position(${sql.placeholder('messageIds')}::bigint[], ${messages.id})]`,
  ).prepare('message_announcements_many'),
);

type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof fewStatement>['execute']>>[number];
type Key = { companyId: number; messageId: number };

/** Slots left over get ids no message has, each a different one: with a repeated id a custom plan looked cheaper again. */
function slotValues(keys: Key[]): Record<string, number> {
  const values: Record<string, number> = {};
  for (let i = 0; i < SLOTS; i++) {
    values[`id${i}`] = keys[i]?.messageId ?? -(i + 1);
    values[`company${i}`] = keys[i]?.companyId ?? 0;
  }
  return values;
}

const announcementReader = perDatabase((db) =>
  batchedReads<Key, AnnouncementRow>(async (keys) => {
    const rows =
      keys.length <= SLOTS
        ? await fewStatement(db).execute(slotValues(keys))
        : await manyStatement(db).execute({ messageIds: keys.map((k) => k.messageId), companyIds: keys.map((k) => k.companyId) });
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
