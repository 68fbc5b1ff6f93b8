import { type Actor, isAdmin, type TagRef, type TicketView } from '@chatflow/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { connections, contacts, queues, tags, ticketTags, tickets, userRatings, users } from '../../db/schema';
import { getCompanySetting } from '../settings';
import { type PresentOptions, presentTicket } from './presenter';

/** The columns of a ticket view: the ticket, its contact, queue, connection, user, latest rating and tags. */
const ticketViewColumns = {
  ticket: tickets,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
    urlPicture: contacts.urlPicture,
    disableBot: contacts.disableBot,
    active: contacts.active,
    acceptAudioMessage: contacts.acceptAudioMessage,
    isGroup: contacts.isGroup,
  },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  connection: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
  user: { id: users.id, name: users.name },
  rate: sql<number | null>`(select ${userRatings.rate} from ${userRatings} where ${userRatings.ticketId} = ${tickets.id}
      order by ${userRatings.createdAt} desc, ${userRatings.id} desc limit 1)`.mapWith(Number),
  tags: sql<TagRef[]>`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
      order by ${tags.name}, ${tags.id}), '[]'::json) from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
      where ${ticketTags.ticketId} = ${tickets.id})`,
};

/**
 * Tickets with their contact, queue, connection, user, latest rating and tags, in one query (the
 * joins and subqueries run only for the rows a page returns). Lists add their own where/order/limit.
 * Tags come as a JSON array per ticket: a second query for them cost a round trip per page.
 * `extra` adds columns (and the caller their joins): the realtime announcement of a message reads
 * this very query with the message joined, prepared and batched (messages/announcement-view.ts),
 * so every ticket view, listed, fetched or announced, comes from these columns and joins.
 */
export function ticketRowsQuery<Extra extends SelectedFields = Record<never, never>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...ticketViewColumns, ...(extra as Extra) })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .$dynamic();
}

export type TicketJoinedRow = Awaited<ReturnType<ReturnType<typeof ticketRowsQuery>['execute']>>[number];

/**
 * lgpdHideNumber (spec 1 §5): profile users see contact numbers masked. Realtime events reach
 * several viewers at once, so they are masked whenever the setting is on (`viewer` null).
 */
export async function presentOptionsFor(db: DbOrTx, companyId: number, viewer: Actor | null): Promise<PresentOptions> {
  if (viewer && isAdmin(viewer)) return {};
  return { hideNumber: (await getCompanySetting(db, companyId, 'lgpdHideNumber')) === 'enabled' };
}

/**
 * One ticket's rows (a ticket event, the usual case) as a named prepared statement: planning the view's
 * joins cost PostgreSQL several times running it (bench/results/code-figures.md).
 */
const oneTicketRows = preparedStatement((db) =>
  ticketRowsQuery(db)
    .where(sql`${tickets.companyId} = ${sql.placeholder('companyId')}::int and ${tickets.id} = ${sql.placeholder('id')}::int`)
    .prepare('ticket_view_one'),
);

/** Views of tickets of the company by id, in the order of `ids` (missing ids are skipped). */
export async function loadTicketViews(db: DbOrTx, companyId: number, ids: number[], viewer: Actor | null = null): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  const [rows, options] = await Promise.all([
    ids.length === 1
      ? oneTicketRows(db).execute({ companyId, id: ids[0] })
      : ticketRowsQuery(db).where(sql`${tickets.companyId} = ${companyId} and ${inArray(tickets.id, ids)}`),
    presentOptionsFor(db, companyId, viewer),
  ]);
  const rowsById = new Map(rows.map((r) => [r.ticket.id, r]));
  return ids.flatMap((id) => {
    const r = rowsById.get(id);
    return r ? [presentTicket(r, options)] : [];
  });
}

/**
 * The views of a list's page in one query: `pageIds` is a subquery naming the page's ticket ids (its
 * own order and limit), `order` the same order for the rows. Beside it, the viewer's options.
 */
export async function loadTicketPage(db: DbOrTx, companyId: number, pageIds: SQL, order: SQL[], viewer: Actor): Promise<TicketView[]> {
  const [rows, options] = await Promise.all([
    ticketRowsQuery(db)
      .where(sql`${tickets.companyId} = ${companyId} and ${tickets.id} in (${pageIds})`)
      .orderBy(...order),
    presentOptionsFor(db, companyId, viewer),
  ]);
  return rows.map((r) => presentTicket(r, options));
}

export async function loadTicketView(db: DbOrTx, companyId: number, id: number, viewer: Actor | null = null): Promise<TicketView | null> {
  return (await loadTicketViews(db, companyId, [id], viewer))[0] ?? null;
}
