import { type Actor, isAdmin, type TagRef, type TicketView } from '@chatflow/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { connections, contacts, queues, tags, ticketTags, tickets, userRatings, users } from '../../db/schema';
import { getCompanySetting } from '../settings/service';
import { type PresentOptions, presentTicket, type TicketBundle } from './presenter';

/**
 * Tickets with their contact, queue, connection, user and latest rating, in one query (the joins
 * run only for the rows a page returns). Lists add their own where/order/limit to it.
 */
export function ticketRowsQuery(db: DbOrTx) {
  return db.select({
    ticket: tickets,
    contact: {
      id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email, urlPicture: contacts.urlPicture,
      disableBot: contacts.disableBot, active: contacts.active, acceptAudioMessage: contacts.acceptAudioMessage, isGroup: contacts.isGroup,
    },
    queue: { id: queues.id, name: queues.name, color: queues.color },
    connection: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
    user: { id: users.id, name: users.name },
    rate: sql<number | null>`(select ${userRatings.rate} from ${userRatings} where ${userRatings.ticketId} = ${tickets.id}
      order by ${userRatings.createdAt} desc, ${userRatings.id} desc limit 1)`.mapWith(Number),
  }).from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .$dynamic();
}

export type TicketJoinedRow = Awaited<ReturnType<ReturnType<typeof ticketRowsQuery>['execute']>>[number];

/** Tags of several tickets in one query. */
export async function tagsOfTickets(db: DbOrTx, ticketIds: number[]): Promise<Map<number, TagRef[]>> {
  const map = new Map<number, TagRef[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return map;
  const rows = await db.select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
    .from(ticketTags).innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(inArray(ticketTags.ticketId, ticketIds)).orderBy(asc(tags.name), asc(tags.id));
  for (const r of rows) map.get(r.ticketId)?.push({ id: r.id, name: r.name, color: r.color });
  return map;
}

/** Bundles for joined rows: one more query for all their tags. */
export async function bundlesOf(db: DbOrTx, rows: TicketJoinedRow[]): Promise<TicketBundle[]> {
  const tagMap = await tagsOfTickets(db, rows.map((r) => r.ticket.id));
  return rows.map((r) => ({ ...r, tags: tagMap.get(r.ticket.id) ?? [] }));
}

/**
 * lgpdHideNumber (spec 1 §5): profile users see contact numbers masked. Realtime events reach
 * several viewers at once, so they are masked whenever the setting is on (`viewer` null).
 */
export async function presentOptionsFor(db: DbOrTx, companyId: number, viewer: Actor | null): Promise<PresentOptions> {
  if (viewer && isAdmin(viewer)) return {};
  return { hideNumber: (await getCompanySetting(db, companyId, 'lgpdHideNumber')) === 'enabled' };
}

/** Views of tickets of the company by id, in the order of `ids` (missing ids are skipped). */
export async function loadTicketViews(db: DbOrTx, companyId: number, ids: number[], viewer: Actor | null = null): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  // The rows, their tags and the viewer's options side by side: each needs only the ids.
  const [rows, tagMap, options] = await Promise.all([
    ticketRowsQuery(db).where(sql`${tickets.companyId} = ${companyId} and ${inArray(tickets.id, ids)}`),
    tagsOfTickets(db, ids),
    presentOptionsFor(db, companyId, viewer),
  ]);
  const rowsById = new Map(rows.map((r) => [r.ticket.id, r]));
  return ids.flatMap((id) => {
    const r = rowsById.get(id);
    return r ? [presentTicket({ ...r, tags: tagMap.get(id) ?? [] }, options)] : [];
  });
}

export async function loadTicketView(db: DbOrTx, companyId: number, id: number, viewer: Actor | null = null): Promise<TicketView | null> {
  return (await loadTicketViews(db, companyId, [id], viewer))[0] ?? null;
}
