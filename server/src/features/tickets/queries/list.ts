import { TICKET_PAGE_SIZE, type TicketListFilters, type TicketPage, ticketCountCap } from '@chatflow/contract';
import { and, asc, desc, type SQL } from 'drizzle-orm';
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

/**
 * GET /tickets: one page (40) of a view, newest activity first (or oldest with sortTickets=ASC on
 * the open, pending and group views; closed and search always newest first, as the screen hides
 * the toggle there). hasMore comes from fetching one row past the page, not from the count.
 * The page's ids come from tickets alone, walking an index in the list's order (see the tickets
 * schema); the view of each ticket is then loaded by id (one joined query and one for tags).
 */
export async function listTickets(ctx: RequestContext, q: TicketListFilters): Promise<TicketPage> {
  const [viewer, tagged, search] = await Promise.all([
    viewerOf(ctx),
    withAllTags(ctx.db, q.tags),
    resolveSearch(ctx.db, ctx.companyId, q.searchParam.trim(), q.searchOnMessages),
  ]);
  const filters = listFilters(viewer, q, tagged);
  const where = and(filters, search.condition) as SQL;
  const ascending = q.sortTickets === 'ASC' && q.status !== 'closed' && q.status !== 'search';
  const order = ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  const offset = (q.pageNumber - 1) * TICKET_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    ctx.db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order).limit(TICKET_PAGE_SIZE + 1).offset(offset),
    countSearchMatches(ctx.db, filters, search, { cap: ticketCountCap(q), order }),
  ]);
  const ids = rows.slice(0, TICKET_PAGE_SIZE).map((r) => r.id);
  return {
    tickets: await loadTicketViews(ctx.db, ctx.companyId, ids, ctx.actor),
    count,
    hasMore: rows.length > TICKET_PAGE_SIZE,
  };
}
