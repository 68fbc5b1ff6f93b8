import type { TicketCounts } from '@chatflow/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import { tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { tabConditions } from './list-filters';
import { cappedCount } from './capped-count';
import { viewerOf } from './list';

/**
 * GET /tickets/counts (our addition): the badges of the open, pending and group tabs, each counted
 * with exactly the conditions its list uses, and like the lists' own count up to TICKET_COUNT_CAP
 * (a larger count reads as the cap): counting every open ticket of a big company on each page load
 * would cost more than the page. The three run side by side, each on the index that suits it.
 */
export async function countTickets(ctx: RequestContext, q: { queueIds?: number[]; showAll: boolean }): Promise<TicketCounts> {
  const viewer = await viewerOf(ctx);
  const count = (status: 'open' | 'pending' | 'group') =>
    cappedCount(
      ctx.db,
      and(
        eq(tickets.companyId, ctx.companyId),
        ...tabConditions(viewer, { status, showAll: q.showAll, queueIds: q.queueIds, statusFilter: [] }),
      ) as SQL,
    );
  const [open, pending, group] = await Promise.all([count('open'), count('pending'), count('group')]);
  return { open, pending, group };
}
