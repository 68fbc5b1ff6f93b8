import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isActiveTicketStatus, ticketLogs, ticketTrackings, tickets } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import type { Realtime } from '../../../realtime/emit';
import type { FastifyBaseLogger } from 'fastify';
import { emitTicketChanges } from '../events';

/** Tickets per transaction: an import can open thousands; each batch's events leave after its commit. */
const BATCH = 500;

export interface CloseImportedDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/**
 * Closes the still-active tickets an import of old messages opened on a connection (spec 2 §7
 * POST /closedimported): the agents' lists drop them; nothing is sent to the contacts (no farewell,
 * no rating request for a conversation nobody attended). `userId` is who asked, null when the
 * import closed them itself (closedTicketsPostImported). Answers how many were closed.
 */
export async function closeImportedTickets(
  deps: CloseImportedDeps,
  target: { companyId: number; connectionId: number; userId: number | null },
): Promise<number> {
  const transaction = transactionRunner(deps.db, deps.log);
  const where = and(
    eq(tickets.companyId, target.companyId),
    eq(tickets.connectionId, target.connectionId),
    isNotNull(tickets.importedAt),
    isActiveTicketStatus(tickets.status),
  );
  let count = 0;
  for (;;) {
    const closed = await transaction(async (tx) => {
      const before = await tx.select().from(tickets).where(where).orderBy(asc(tickets.id)).limit(BATCH).for('update');
      if (before.length === 0) return 0;
      const now = new Date();
      const ids = before.map((t) => t.id);
      const after = await tx.update(tickets).set({ status: 'closed', updatedAt: now }).where(inArray(tickets.id, ids)).returning();
      await tx.insert(ticketLogs).values(
        after.map((t) => ({
          companyId: t.companyId,
          ticketId: t.id,
          userId: target.userId,
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
        { db: deps.db, companyId: target.companyId, realtime: deps.realtime },
        after.map((t) => ({ before: byId.get(t.id) ?? null, after: t })),
      );
      return after.length;
    });
    count += closed;
    if (closed < BATCH) return count;
  }
}
