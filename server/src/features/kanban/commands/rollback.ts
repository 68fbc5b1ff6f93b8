import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages, tags, ticketTags } from '../../../db/schema';
import { type HookedTx, transactionRunner } from '../../../http/context';
import { defineJob } from '../../../jobs/define';
import type { JobQueue } from '../../../jobs/queue';
import { emitTicketChange, findCompanyTicket } from '../../tickets';
import { currentLane, findLane } from '../lanes';
import { enterLane, movesWithLanes } from './enter-lane';

/**
 * A customer's reply to a card in a lane with a rollbackLaneId moves the card back to that lane. Only
 * a card that was in its lane before the message arrived moves: a re-run of the job (or a message
 * older than the card's entry) finds the card entered after it and leaves it.
 */
export const laneRollbackJob = defineJob({
  name: 'kanban.lane-rollback',
  payload: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    messageId: z.number().int().positive(),
  }),
  retry: { limit: 3, backoffSeconds: 5 },
  async run({ companyId, ticketId, messageId }, deps) {
    await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const ticket = await findCompanyTicket(tx, companyId, ticketId, true).catch(() => null);
      if (!ticket || !movesWithLanes(ticket)) return;
      const current = await currentLane(tx, ticketId);
      if (!current || current.lane.rollbackLaneId === null || current.lane.rollbackLaneId === current.lane.id) return;
      const [before] = await tx
        .select({ ok: sql<boolean>`true` })
        .from(messages)
        .innerJoin(ticketTags, and(eq(ticketTags.ticketId, messages.ticketId), eq(ticketTags.tagId, current.lane.id)))
        .where(and(eq(messages.id, messageId), eq(messages.ticketId, ticketId), sql`${ticketTags.enteredAt} < ${messages.createdAt}`));
      if (!before) return;
      const target = await findLane(tx, companyId, current.lane.rollbackLaneId);
      if (!target) return;
      const ctx = { ...deps, companyId };
      if (await enterLane(tx, ctx, ticket, target)) emitTicketChange(tx, ctx, ticket, ticket);
    });
  },
});

/**
 * Whether the ticket sits in a lane with a rollback lane, as a column of the automation turn's one
 * read of a customer message (automation/turn.ts): the check runs for every customer message, so it
 * costs an indexed probe there instead of a round trip of its own.
 */
export const inRollbackLaneSql = (ticketId: AnyColumn) =>
  sql<boolean>`exists(select 1 from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
    where ${ticketTags.ticketId} = ${ticketId} and ${tags.kanban} = 1 and ${tags.rollbackLaneId} is not null)`;

/**
 * The rollback of a card whose customer answered (inRollbackLaneSql said it sits in such a lane), sent
 * in the transaction that answers the message: it runs once that commits, its stored copy being the
 * fallback, and a turn that rolls back (to run again) leaves none.
 */
export function queueLaneRollback(jobs: JobQueue, tx: HookedTx, stored: { messageId: number; ticketId: number; companyId: number }) {
  return laneRollbackJob.send(jobs, stored, {
    tx,
    runAfterCommit: true,
    startAfterSeconds: 30,
    singletonKey: `kanban-rollback-${stored.messageId}`,
  });
}
