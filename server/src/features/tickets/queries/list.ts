import { isAdmin, TICKET_PAGE_SIZE, type TicketListFilters, type TicketPage, ticketCountCap } from '@chatflow/contract';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { loadTicketViews } from '../loader';
import { actorQueueIds } from '../visibility';
import { listFilters, type Viewer } from './list-filters';
import { countSearchMatches, resolveSearch } from './search';
import { withAllTags } from './tags';

export async function viewerOf(ctx: Pick<RequestContext, 'db' | 'actor' | 'companyId'>): Promise<Viewer> {
  return { actor: ctx.actor, companyId: ctx.companyId, queueIds: await actorQueueIds(ctx.db, ctx.actor.id) };
}

/** Up to this many users in the admin's users filter, the list reads their tickets first (see pageIds). */
const FEW_USERS = 5;

/**
 * The ids of one page (and one more row, for hasMore). Normally a walk of the list's index in its
 * order, which stops after the page. The admin's users filter is the exception: a few agents'
 * tickets are a small set their own index finds at once, while PostgreSQL, which takes the filters
 * to be spread evenly over the history, may walk most of the history to find them combined with
 * others (tags, a connection); so those candidates are read first (OFFSET 0 keeps that subquery
 * planned on its own) and then sorted.
 */
async function pageIds(ctx: RequestContext, where: SQL, ascending: boolean, offset: number, candidatesFirst: boolean): Promise<{ id: number }[]> {
  const direction = ascending ? asc : desc;
  if (!candidatesFirst) {
    return ctx.db.select({ id: tickets.id }).from(tickets).where(where)
      .orderBy(direction(tickets.updatedAt), direction(tickets.id)).limit(TICKET_PAGE_SIZE + 1).offset(offset);
  }
  const candidates = ctx.db.select({ id: tickets.id, updatedAt: tickets.updatedAt }).from(tickets).where(where);
  const dir = sql.raw(ascending ? 'asc' : 'desc');
  // Written out: drizzle leaves out an OFFSET of 0, and that clause is what keeps the subquery apart.
  const rows = await ctx.db.execute(sql`select c.id from (${candidates} offset 0) c
    order by c.updated_at ${dir}, c.id ${dir} limit ${TICKET_PAGE_SIZE + 1} offset ${offset}`);
  return (rows.rows as { id: number | string }[]).map((r) => ({ id: Number(r.id) }));
}

/**
 * GET /tickets: one page (40) of a view, newest activity first (or oldest with sortTickets=ASC on
 * the open, pending and group views; closed and search always newest first, as the screen hides
 * the toggle there). hasMore comes from fetching one row past the page, not from the count.
 * The page's ids come from tickets alone, walking an index in the list's order (see the tickets
 * schema); the view of each ticket is then loaded by id (one joined query and one for tags).
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
  const order = ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  const [rows, count] = await Promise.all([
    pageIds(ctx, where, ascending, (q.pageNumber - 1) * TICKET_PAGE_SIZE, candidatesFirst),
    // Counted in the list's order, which keeps PostgreSQL on the list's index, except where the page
    // reads candidates first or a tags filter narrows it: from the tag's tickets (ticket_tags' index)
    // or the users' the cap's worth of matches is found at once, while a walk probes every ticket.
    countSearchMatches(ctx.db, filters, search, { cap: ticketCountCap(q), order: candidatesFirst || q.tags.length > 0 ? undefined : order }),
  ]);
  const ids = rows.slice(0, TICKET_PAGE_SIZE).map((r) => r.id);
  return {
    tickets: await loadTicketViews(ctx.db, ctx.companyId, ids, ctx.actor),
    count,
    hasMore: rows.length > TICKET_PAGE_SIZE,
  };
}
