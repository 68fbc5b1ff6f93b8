import { type Actor, canShowAllTickets, isAdmin, MESSAGE_SEARCH_MIN_LENGTH, type TicketListFilters } from '@chatflow/contract';
import { and, eq, exists, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { companies, contacts, messages, ticketTags, tickets } from '../../../db/schema';
import { visibleTicketsSql } from '../visibility';

export interface Viewer { actor: Actor; queueIds: readonly number[]; companyId: number }
type TabQuery = Pick<TicketListFilters, 'status' | 'showAll' | 'queueIds' | 'statusFilter'>;

/**
 * The queue selector: the chosen queues (by default the user's own; an admin's default is every
 * queue). Tickets without a queue always pass it (whether one sees them is visibility's business),
 * and so do the viewer's own tickets: a ticket transferred to someone outside its queue must not
 * vanish from that person's list.
 */
function queueSelection(v: Viewer, requested: number[] | undefined): SQL | undefined {
  const chosen = requested ?? (isAdmin(v.actor) ? null : [...v.queueIds]);
  if (chosen === null) return undefined;
  return or(isNull(tickets.queueId), eq(tickets.userId, v.actor.id), chosen.length > 0 ? inArray(tickets.queueId, chosen) : undefined);
}

/**
 * What each view shows, on top of visibility (spec 1 §2.5, §6):
 * - open: the viewer's tickets; everyone's with show-all (tickets-manager:showall or allUserChat).
 * - pending: waiting tickets free or held for the viewer; with show-all also those held for others.
 * - group: group tickets, only for users with allowGroup (the tab exists only for them).
 * - closed: a user's own closed tickets; all visible ones for admins, allHistoric (our reading of
 *   the flag, whose effect the spec leaves open) or an allowed show-all.
 * - search: every status (or the statusFilter ones); show-all lifts the queue selection for admins only.
 */
export function tabConditions(v: Viewer, q: TabQuery): (SQL | undefined)[] {
  const me = v.actor.id;
  const showAll = q.showAll && canShowAllTickets(v.actor);
  const selection = queueSelection(v, q.queueIds);
  switch (q.status) {
    case 'open':
      return [eq(tickets.status, 'open'), showAll ? undefined : eq(tickets.userId, me), selection];
    case 'pending':
      return [eq(tickets.status, 'pending'), showAll ? undefined : or(isNull(tickets.userId), eq(tickets.userId, me)), selection];
    case 'group':
      return [eq(tickets.status, 'group'), v.actor.allowGroup ? undefined : sql`false`];
    case 'closed': {
      const everyone = isAdmin(v.actor) || v.actor.allHistoric === 'enabled' || showAll;
      return [eq(tickets.status, 'closed'), everyone ? undefined : eq(tickets.userId, me), selection];
    }
    case 'search':
      return [
        q.statusFilter.length > 0 ? inArray(tickets.status, q.statusFilter) : undefined,
        isAdmin(v.actor) && q.showAll ? undefined : selection,
      ];
    default:
      return [eq(tickets.status, q.status), selection];
  }
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Contact name or number; with searchOnMessages also message bodies of the company, through the
 * trigram index (which needs three characters, so shorter terms search contacts only). The two
 * sources are one UNION of ticket ids, computed once as an array (`id = any(array(…))`): the planner
 * then fetches those tickets by primary key, where a join would guess the trigram match count
 * badly and scan every ticket of the company.
 */
function searchCondition(db: DbOrTx, companyId: number, term: string, onMessages: boolean): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  const matchingContacts = db.select({ id: contacts.id }).from(contacts)
    .where(and(eq(contacts.companyId, companyId), or(ilike(contacts.name, pattern), ilike(contacts.number, pattern))));
  if (!onMessages || term.length < MESSAGE_SEARCH_MIN_LENGTH) return inArray(tickets.contactId, matchingContacts);
  const byContact = alias(tickets, 'by_contact');
  const ids = union(
    db.select({ id: byContact.id }).from(byContact)
      .where(and(eq(byContact.companyId, companyId), inArray(byContact.contactId, matchingContacts))),
    db.select({ id: messages.ticketId }).from(messages)
      .where(and(eq(messages.companyId, companyId), ilike(messages.body, pattern), eq(messages.isDeleted, false))),
  );
  return sql`${tickets.id} = any(array(${ids}))`;
}

/** A calendar day in the company's time zone, as a range on a timestamp (so indexes still apply). */
function onDay(column: PgColumn, day: string, companyId: number): SQL {
  const zone = sql`(select ${companies.timeZone} from ${companies} where ${companies.id} = ${companyId})`;
  return sql`(${column} >= (${day}::date::timestamp at time zone ${zone}) and ${column} < ((${day}::date + 1)::timestamp at time zone ${zone}))`;
}

/** Tickets carrying every one of the tags (the filter narrows as tags are added). */
const withAllTags = (db: DbOrTx, tagIds: number[]) => tagIds.map((tagId) =>
  exists(db.select({ one: sql`1` }).from(ticketTags).where(and(eq(ticketTags.ticketId, tickets.id), eq(ticketTags.tagId, tagId)))));

/** The whole where clause of GET /tickets: company, visibility, the view, then the filters. */
export function listWhere(db: DbOrTx, v: Viewer, q: TicketListFilters): SQL {
  return and(
    eq(tickets.companyId, v.companyId),
    visibleTicketsSql(v.actor, v.queueIds),
    ...tabConditions(v, q),
    ...withAllTags(db, q.tags),
    // The user filter is the admin's (spec 1 §6); others' lists are not filtered by it.
    q.users.length > 0 && isAdmin(v.actor) ? inArray(tickets.userId, q.users) : undefined,
    q.whatsapps.length > 0 ? inArray(tickets.connectionId, q.whatsapps) : undefined,
    q.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
    q.date ? onDay(tickets.createdAt, q.date, v.companyId) : undefined,
    q.updatedAt ? onDay(tickets.updatedAt, q.updatedAt, v.companyId) : undefined,
    searchCondition(db, v.companyId, q.searchParam.trim(), q.searchOnMessages),
  ) as SQL;
}
