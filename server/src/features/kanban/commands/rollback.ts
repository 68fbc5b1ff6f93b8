import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { batchedChecks, perDatabase, preparedStatement } from '../../../db/prepared';
import { messages, tags, ticketTags } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
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
 * Which of these tickets sit in a lane with a rollback lane: one indexed read for all of them. The
 * check runs for every customer message, so the messages stored together (a burst) share it.
 */
const rollbackLanesStatement = preparedStatement((db) =>
  db
    .selectDistinct({ ticketId: ticketTags.ticketId })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(
      and(sql`${ticketTags.ticketId} = any(${sql.placeholder('ticketIds')}::int[])`, eq(tags.kanban, 1), isNotNull(tags.rollbackLaneId)),
    )
    .prepare('kanban_in_rollback_lanes'),
);

const inRollbackLanes = perDatabase((db) =>
  batchedChecks<number>(async (ticketIds) => (await rollbackLanesStatement(db).execute({ ticketIds })).map((r) => r.ticketId)),
);

/**
 * After a customer's message is committed (the inbound pipeline does not wait): when the ticket sits in
 * a lane with a rollback lane, the rollback job runs now, its stored copy being the fallback. A ticket
 * in no such lane (nearly every message) costs a share of one indexed read and no job.
 */
export function startLaneRollback(
  deps: { db: Db; jobs: JobQueue; log: { error(o: object, m: string): void } },
  stored: { messageId: number; ticketId: number; companyId: number },
): void {
  const send = async () => {
    if (!(await inRollbackLanes(deps.db)(stored.ticketId))) return;
    await laneRollbackJob.send(deps.jobs, stored, {
      runAfterCommit: true,
      startAfterSeconds: 30,
      singletonKey: `kanban-rollback-${stored.messageId}`,
    });
  };
  send().catch((err) => deps.log.error({ err, ...stored }, 'kanban rollback not started'));
}
