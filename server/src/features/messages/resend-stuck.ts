import { and, asc, gt, lt, sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { JobDeps } from '../../jobs/define';
import { sendMessageJob } from './send-job';
import { sendKeyOf } from '../outbound';

/** A message is stuck once it has waited this long without an external id. */
export const STUCK_AFTER_MS = 60_000;
/**
 * Older messages are left alone: a reply sent days late, when a connection finally comes back,
 * would confuse the customer more than it helps. The agent sees the clock mark and can resend.
 */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * Queues the send job again for outbound messages (fromMe, not private, not deleted) still at ack 0
 * with no external id after a minute: the connection was down when the send ran, or the job's
 * retries ran out (the job itself is written with the message, so it is never simply lost; a send
 * made while the queue was still starting is the exception, see JobRunner.send). Idempotent.
 */
export async function resendStuckMessages(deps: Pick<JobDeps, 'db' | 'jobs'>, now = new Date()): Promise<number> {
  // Literal predicates, so the planner can use the partial index messages_unsent_idx.
  const stuck = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        sql`${messages.fromMe} = true and ${messages.ack} = 0 and ${messages.externalId} is null and ${messages.isPrivate} = false`,
        sql`${messages.isDeleted} = false and ${messages.sendError} is null`,
        lt(messages.createdAt, new Date(now.getTime() - STUCK_AFTER_MS)),
        gt(messages.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
      ),
    )
    .orderBy(asc(messages.createdAt))
    .limit(BATCH);
  for (const { id } of stuck) await sendMessageJob.send(deps.jobs, { messageId: id }, { singletonKey: sendKeyOf(id) });
  return stuck.length;
}
