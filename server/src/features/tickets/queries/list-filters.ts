import { type Actor, canShowAllTickets, isAdmin, type TicketListFilters } from '@chatflow/contract';
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companies, tickets } from '../../../db/schema';
import { visibleInSelectionSql } from '../visibility';

export interface Viewer {
  actor: Actor;
  queueIds: readonly number[];
  companyId: number;
}
type TabQuery = Pick<TicketListFilters, 'status' | 'showAll' | 'queueIds' | 'statusFilter'>;

/** The queues a list is narrowed to: the requested ones, by default the user's own (an admin's default: none, every queue). */
const chosenQueues = (v: Viewer, requested: number[] | undefined): readonly number[] | null =>
  requested ?? (isAdmin(v.actor) ? null : v.queueIds);

/**
 * What each view shows, within visibility (spec 1 §2.5, §6). The queue selection lets through
 * tickets without a queue and the viewer's own: a ticket transferred to someone outside its queue
 * must not vanish from that person's list. Views of the viewer's own tickets need no other test
 * (what one owns one sees, in any selection).
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
  const visibleIn = (chosen: readonly number[] | null) => visibleInSelectionSql(v.actor, v.queueIds, chosen);
  const selected = visibleIn(chosenQueues(v, q.queueIds));
  switch (q.status) {
    case 'open':
      return showAll ? [eq(tickets.status, 'open'), selected] : [eq(tickets.status, 'open'), eq(tickets.userId, me)];
    case 'pending':
      return [eq(tickets.status, 'pending'), showAll ? undefined : or(isNull(tickets.userId), eq(tickets.userId, me)), selected];
    case 'group':
      return [eq(tickets.status, 'group'), v.actor.allowGroup ? visibleIn(null) : sql`false`];
    case 'closed': {
      const everyone = isAdmin(v.actor) || v.actor.allHistoric === 'enabled' || showAll;
      return everyone ? [eq(tickets.status, 'closed'), selected] : [eq(tickets.status, 'closed'), eq(tickets.userId, me)];
    }
    case 'search':
      return [
        q.statusFilter.length > 0 ? inArray(tickets.status, q.statusFilter) : undefined,
        isAdmin(v.actor) && q.showAll ? visibleIn(null) : selected,
      ];
    default:
      return [eq(tickets.status, q.status), selected];
  }
}

/** A calendar day in the company's time zone, as a range on a timestamp (so indexes still apply). */
function onDay(column: PgColumn, day: string, companyId: number): SQL {
  const zone = sql`(select ${companies.timeZone} from ${companies} where ${companies.id} = ${companyId})`;
  return sql`(${column} >= (${day}::date::timestamp at time zone ${zone}) and ${column} < ((${day}::date + 1)::timestamp at time zone ${zone}))`;
}

/**
 * The where clause of GET /tickets without the search term (see search.ts): company, the view with
 * visibility, then the filters (`tagged`: the tags filter, see tags.ts).
 */
export function listFilters(v: Viewer, q: TicketListFilters, tagged: SQL | undefined): SQL {
  return and(
    eq(tickets.companyId, v.companyId),
    ...tabConditions(v, q),
    tagged,
    // The user filter is the admin's (spec 1 §6); others' lists are not filtered by it.
    q.users.length > 0 && isAdmin(v.actor) ? inArray(tickets.userId, q.users) : undefined,
    q.whatsapps.length > 0 ? inArray(tickets.connectionId, q.whatsapps) : undefined,
    q.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
    q.date ? onDay(tickets.createdAt, q.date, v.companyId) : undefined,
    q.updatedAt ? onDay(tickets.updatedAt, q.updatedAt, v.companyId) : undefined,
  ) as SQL;
}
