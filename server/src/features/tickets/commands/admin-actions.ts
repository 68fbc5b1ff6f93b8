import type { TicketCloseAllInput } from '@chatflow/contract';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ticketLogs, ticketTrackings, tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { emitTicketChanges, emitTicketDeleted } from '../events';
import { findCompanyTicket } from '../find';

// The admin's actions on tickets as a whole: close all of a view, delete one.

type CloseAllData = z.output<typeof TicketCloseAllInput>;

/** Tickets per transaction, and per call: a huge backlog is closed over several calls (hasMore). */
export const CLOSE_ALL_LIMITS = { batch: 500, max: 10_000 };

/**
 * POST /tickets/closeAll (admin): closes the company's tickets with `status` in the selected queues
 * (tickets without a queue too, as the lists show them with any selection; no queue selected means
 * every queue). Batches keep each transaction and its burst of events bounded; nothing is sent to
 * the contacts (no farewell for a bulk close).
 */
export async function closeAllTickets(ctx: RequestContext, input: CloseAllData): Promise<{ count: number; hasMore: boolean }> {
  const chosen = input.selectedQueueIds;
  const where = and(
    eq(tickets.companyId, ctx.companyId),
    eq(tickets.status, input.status),
    chosen.length > 0 ? or(inArray(tickets.queueId, chosen), isNull(tickets.queueId)) : undefined,
  ) as SQL;
  let count = 0;
  for (;;) {
    const closed = await ctx.transaction(async (tx) => {
      const before = await tx.select().from(tickets).where(where).orderBy(asc(tickets.id)).limit(CLOSE_ALL_LIMITS.batch).for('update');
      if (before.length === 0) return 0;
      const now = new Date();
      const ids = before.map((t) => t.id);
      const after = await tx.update(tickets).set({ status: 'closed', updatedAt: now }).where(inArray(tickets.id, ids)).returning();
      await tx.insert(ticketLogs).values(
        after.map((t) => ({
          companyId: ctx.companyId,
          ticketId: t.id,
          userId: ctx.actor.id,
          queueId: t.queueId,
          type: 'closed' as const,
        })),
      );
      await tx
        .update(ticketTrackings)
        .set({ finishedAt: now, updatedAt: now })
        .where(and(inArray(ticketTrackings.ticketId, ids), isNull(ticketTrackings.finishedAt)));
      const byId = new Map(before.map((t) => [t.id, t]));
      emitTicketChanges(
        tx,
        ctx,
        after.map((t) => ({ before: byId.get(t.id) ?? null, after: t })),
      );
      return after.length;
    });
    count += closed;
    if (closed < CLOSE_ALL_LIMITS.batch) return { count, hasMore: false };
    if (count >= CLOSE_ALL_LIMITS.max) return { count, hasMore: true };
  }
}

/** DELETE /tickets/{id} (ticket-options:deleteTicket): the ticket and, by cascade, its messages, notes and logs. */
export async function deleteTicket(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const ticket = await findCompanyTicket(tx, ctx.companyId, id, true);
    await tx.delete(tickets).where(eq(tickets.id, ticket.id));
    tx.afterCommit(() => emitTicketDeleted(ctx.realtime, ctx.companyId, ticket));
  });
}
