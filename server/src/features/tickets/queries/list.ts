import { isAdmin, TICKET_PAGE_SIZE, type TicketListFilters, type TicketPage, ticketCountCap } from '@chatflow/contract';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { loadTicketPage } from '../loader';
import { queueIdsOf } from '../visibility';
import { listFilters, type Viewer } from './list-filters';
import { countSearchMatches, resolveSearch } from './search';
import { withAllTags } from './tags';

export async function viewerOf(ctx: Pick<RequestContext, 'db' | 'actor' | 'companyId' | 'queueIds'>): Promise<Viewer> {
  return { actor: ctx.actor, companyId: ctx.companyId, queueIds: await queueIdsOf(ctx) };
}

/** Up to this many users in the admin's users filter, the list reads their tickets first (see pageIds). */
const FEW_USERS = 5;

/**
 * The ids of one page (and one more row, for hasMore), as a subquery. Normally a walk of the list's
 * index in its order, which stops after the page. The admin's users filter is the exception: a few
 * agents' tickets are a small set their own index finds at once, while PostgreSQL, which takes the
 * filters to be spread evenly over the history, may walk most of the history to find them combined
 * with others (tags, a connection); so those candidates are read first (OFFSET 0 keeps that
 * subquery planned on its own; drizzle would leave an offset of 0 out) and then sorted.
 */
function pageIds(ctx: RequestContext, where: SQL, order: ListOrder, offset: number, candidatesFirst: boolean): SQL {
  const limit = TICKET_PAGE_SIZE + 1;
  if (!candidatesFirst) {
    return sql`${ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(...order.columns)
      .limit(limit)
      .offset(offset)}`;
  }
  const candidates = ctx.db.select({ id: tickets.id, updatedAt: tickets.updatedAt }).from(tickets).where(where);
  const dir = sql.raw(order.ascending ? 'asc' : 'desc');
  return sql`select c.id from (${candidates} offset 0) c order by c.updated_at ${dir}, c.id ${dir} limit ${limit} offset ${offset}`;
}

/** A list's order: by last activity (then id), newest or oldest first. */
interface ListOrder {
  ascending: boolean;
  columns: SQL[];
}
const listOrder = (ascending: boolean): ListOrder => ({
  ascending,
  columns: ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)],
});

/**
 * GET /tickets: one page (40) of a view, newest activity first (or oldest with sortTickets=ASC on
 * the open, pending and group views; closed and search always newest first, as the screen hides
 * the toggle there). hasMore comes from fetching one row past the page, not from the count.
 * The page's ids come from tickets alone, walking an index in the list's order (see the tickets
 * schema), as a subquery of the one query that loads their views; the capped count runs beside it.
 */
export async function listTickets(ctx: RequestContext, q: TicketListFilters): Promise<TicketPage> {
  const [viewer, search] = await Promise.all([
    viewerOf(ctx),
    resolveSearch(ctx.db, ctx.companyId, q.searchParam.trim(), q.searchOnMessages),
  ]);
  const filters = listFilters(viewer, q, withAllTags(ctx.db, q.tags));
  const where = and(filters, search.condition) as SQL;
  const ascending = q.sortTickets === 'ASC' && q.status !== 'closed' && q.status !== 'search';
  const candidatesFirst = isAdmin(ctx.actor) && q.users.length > 0 && q.users.length <= FEW_USERS;
  const order = listOrder(ascending);
  const [rows, count] = await Promise.all([
    loadTicketPage(
      ctx.db,
      ctx.companyId,
      pageIds(ctx, where, order, (q.pageNumber - 1) * TICKET_PAGE_SIZE, candidatesFirst),
      order.columns,
      ctx.actor,
    ),
    // Counted in the list's order, which keeps PostgreSQL on the list's index, except where the page
    // reads candidates first or a tags filter narrows it: from the tag's tickets (ticket_tags' index)
    // or the users' the cap's worth of matches is found at once, while a walk probes every ticket.
    countSearchMatches(ctx.db, filters, search, {
      cap: ticketCountCap(q),
      order: candidatesFirst || q.tags.length > 0 ? undefined : order.columns,
    }),
  ]);
  return {
    tickets: rows.slice(0, TICKET_PAGE_SIZE),
    count,
    hasMore: rows.length > TICKET_PAGE_SIZE,
  };
}
