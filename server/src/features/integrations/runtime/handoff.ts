import type { TicketLogType } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { type TicketRow, tickets } from '../../../db/schema';
import type { HookedTx } from '../../../http/context';
import type { JobDeps } from '../../../jobs/define';
import { addTicketLogs, emitTicketChange } from '../../tickets';

/**
 * The bot lets go of the ticket: it waits in its queue (pending, no agent) for a human, and the
 * ticket's timeline says why (`integrationHandoff` when asked, `integrationFailed` after a failure).
 */
export async function handToQueue(
  tx: HookedTx,
  deps: JobDeps,
  ticket: TicketRow,
  why: Extract<TicketLogType, 'integrationFailed' | 'integrationHandoff'>,
): Promise<TicketRow> {
  const [after] = await tx
    .update(tickets)
    .set({ useIntegration: false, isBot: false, status: 'pending', userId: null, updatedAt: deps.clock.now() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  await addTicketLogs(tx, after, [{ type: why, userId: null, queueId: after.queueId }]);
  emitTicketChange(tx, { db: deps.db, companyId: after.companyId, realtime: deps.realtime }, ticket, after);
  return after;
}
