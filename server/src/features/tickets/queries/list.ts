import { TICKET_COUNT_CAP, TICKET_PAGE_SIZE, type TicketListFilters, type TicketPage } from '@chatflow/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { loadTicketViews } from '../loader';
import { actorQueueIds } from '../visibility';
import { listWhere, type Viewer } from './list-filters';

/** Counts matching tickets up to the cap: a badge never needs more, and a closed history can be huge. */
export async function cappedCount(db: DbOrTx, where: SQL): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(tickets).where(where).limit(TICKET_COUNT_CAP).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(capped);
  return row?.n ?? 0;
}

export async function viewerOf(ctx: Pick<RequestContext, 'db' | 'actor' | 'companyId'>): Promise<Viewer> {
  return { actor: ctx.actor, companyId: ctx.companyId, queueIds: await actorQueueIds(ctx.db, ctx.actor.id) };
}

/**
 * GET /tickets: one page (40) of a view, newest activity first (or oldest with sortTickets=ASC on
 * the open, pending and group views; closed and search always newest first, as the screen hides
 * the toggle there). hasMore comes from fetching one row past the page, not from the count.
 * The view of each ticket is then loaded by id (one joined query and one for tags).
 */
export async function listTickets(ctx: RequestContext, q: TicketListFilters): Promise<TicketPage> {
  const viewer = await viewerOf(ctx);
  const where = listWhere(ctx.db, viewer, q);
  const ascending = q.sortTickets === 'ASC' && q.status !== 'closed' && q.status !== 'search';
  const order = ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  const offset = (q.pageNumber - 1) * TICKET_PAGE_SIZE;
  // The page's ids first, from tickets alone (the indexes do the work), then the joins for just those.
  const [rows, count] = await Promise.all([
    ctx.db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order).limit(TICKET_PAGE_SIZE + 1).offset(offset),
    cappedCount(ctx.db, where),
  ]);
  const ids = rows.slice(0, TICKET_PAGE_SIZE).map((r) => r.id);
  return {
    tickets: await loadTicketViews(ctx.db, ctx.companyId, ids, ctx.actor),
    count,
    hasMore: rows.length > TICKET_PAGE_SIZE,
  };
}
