import type { TicketCounts } from '@chatflow/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { visibleTicketsSql } from '../visibility';
import { tabConditions } from './list-filters';
import { viewerOf } from './list';

/**
 * GET /tickets/counts (our addition): the badges of the open, pending and group tabs in one
 * grouped query, each counted with exactly the conditions its list uses.
 */
export async function countTickets(ctx: RequestContext, q: { queueIds?: number[]; showAll: boolean }): Promise<TicketCounts> {
  const viewer = await viewerOf(ctx);
  const tab = (status: 'open' | 'pending' | 'group') =>
    sql<number>`count(*) filter (where ${and(...tabConditions(viewer, { status, showAll: q.showAll, queueIds: q.queueIds, statusFilter: [] }))})::int`
      .mapWith(Number);
  const [row] = await ctx.db.select({ open: tab('open'), pending: tab('pending'), group: tab('group') }).from(tickets)
    .where(and(
      eq(tickets.companyId, ctx.companyId),
      inArray(tickets.status, ['open', 'pending', 'group']),
      visibleTicketsSql(viewer.actor, viewer.queueIds),
    ) as SQL);
  return { open: row?.open ?? 0, pending: row?.pending ?? 0, group: row?.group ?? 0 };
}
