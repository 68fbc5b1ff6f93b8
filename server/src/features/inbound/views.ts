import { COMPANY_SETTING_DEFAULTS, type ContactView, type MessageView, type TagRef, type TicketView } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { connections, contacts, messages, queues, settings, tags, ticketTags, tickets, userRatings, users } from '../../db/schema';
import { presentContact } from '../contacts';
import { presentMessage, presentOne } from '../messages/presenter';
import { presentTicket } from '../tickets/presenter';

const HIDE_NUMBER = 'lgpdHideNumber';

/**
 * A message with its ticket as the realtime events show them, in one query: the ticket with its
 * contact, queue, connection, user, latest rating and tags (what tickets/loader.ts loads in three),
 * the company's lgpdHideNumber setting (events reach several viewers, so numbers are masked while it
 * is on) and the message row itself (and, for a new contact, its contact event). Every inbound message
 * and every ack is announced this way, so the round trips matter: it is prepared, and announce.test.ts
 * holds it equal to loadTicketView + presentOne.
 */
const announcementStatement = preparedPerDb((db) =>
  db
    .select({
      message: messages,
      ticket: tickets,
      contact: contacts,
      queue: { id: queues.id, name: queues.name, color: queues.color },
      connection: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
      user: { id: users.id, name: users.name },
      rate: sql<number | null>`(select ${userRatings.rate} from ${userRatings} where ${userRatings.ticketId} = ${tickets.id}
      order by ${userRatings.createdAt} desc, ${userRatings.id} desc limit 1)`.mapWith(Number),
      tags: sql<TagRef[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
      order by ${tags.name}, ${tags.id}) from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
      where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`,
      hideNumber: sql<string>`coalesce((select ${settings.value} from ${settings}
      where ${settings.companyId} = ${tickets.companyId} and ${settings.key} = ${HIDE_NUMBER}), ${COMPANY_SETTING_DEFAULTS[HIDE_NUMBER]})`,
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .leftJoin(users, eq(users.id, tickets.userId))
    // Several messages at once (see announcementReads): each id with its own company, pair by pair.
    .where(sql`${messages.id} = any(${sql.placeholder('messageIds')}::bigint[])
      and ${messages.companyId} = (${sql.placeholder('companyIds')}::int[])[array_position(${sql.placeholder('messageIds')}::bigint[], ${messages.id})]
      and ${tickets.companyId} = ${messages.companyId}`)
    .prepare('inbound_announcements'),
);

type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof announcementStatement>['execute']>>[number];

/** Reads of one batch under way at once, at most: enough to overlap a round trip, few enough to batch. */
const READS_IN_FLIGHT = 2;

/**
 * Every inbound message (and every ack) reads its announcement once committed, a round trip each.
 * Reads asked for while others are on their way are made together, in one query, when one of those
 * returns: under load a round trip serves several messages, and a lone message is read at once.
 * Each read still starts after its own message committed.
 */
function announcementReads(db: Db) {
  let waiting: { companyId: number; messageId: number; done: (row: AnnouncementRow | undefined) => void; fail: (err: unknown) => void }[] =
    [];
  let inFlight = 0;
  const next = () => {
    if (inFlight >= READS_IN_FLIGHT || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    inFlight++;
    announcementStatement(db)
      .execute({ messageIds: batch.map((r) => r.messageId), companyIds: batch.map((r) => r.companyId) })
      .then(
        (rows) => {
          const byId = new Map(rows.map((row) => [Number(row.message.id), row]));
          for (const r of batch) r.done(byId.get(r.messageId));
        },
        (err) => {
          for (const r of batch) r.fail(err);
        },
      )
      .finally(() => {
        inFlight--;
        next();
      });
  };
  return (companyId: number, messageId: number) =>
    new Promise<AnnouncementRow | undefined>((done, fail) => {
      waiting.push({ companyId, messageId, done, fail });
      next();
    });
}
const announcementReader = preparedPerDb(announcementReads);

export interface Announcement {
  ticket: TicketView;
  message: MessageView;
  /**
   * The ticket's contact as `company-{id}-contact` shows it, for a contact created with this message
   * (so with no tags or extra info yet, and this connection as its origin); null otherwise.
   */
  newContact: ContactView | null;
}

/** The ticket and message views of one message, or null when it (or its ticket) is gone. */
export async function loadAnnouncement(
  db: Db,
  companyId: number,
  messageId: number,
  opts: { newContact?: boolean } = {},
): Promise<Announcement | null> {
  const row = await announcementReader(db)(companyId, messageId);
  if (!row) return null;
  const hidden = row.hideNumber === 'enabled';
  const ticket = presentTicket(
    {
      ticket: row.ticket,
      contact: row.contact,
      queue: row.queue,
      connection: row.connection,
      user: row.user,
      tags: row.tags,
      rate: row.rate,
    },
    { hideNumber: hidden },
  );
  const ref = {
    id: row.ticket.id,
    uuid: row.ticket.uuid,
    queueId: row.ticket.queueId,
    userId: row.ticket.userId,
    connectionId: row.ticket.connectionId,
    companyId,
  };
  // An inbound message is written by the ticket's contact, which the query has; a quote (or a
  // message of someone else, an agent's) needs its own lookups.
  const message =
    row.message.quotedMsgId === null && row.message.contactId === row.ticket.contactId
      ? presentMessage(row.message, { contact: row.contact, quoted: null, ticket: ref })
      : await presentOne(db, ref, row.message);
  const origin =
    row.connection && row.contact.connectionId === row.connection.id ? { id: row.connection.id, name: row.connection.name } : null;
  const newContact = opts.newContact ? presentContact(row.contact, { whatsapp: origin }, { maskNumber: hidden }) : null;
  return { ticket, message, newContact };
}
