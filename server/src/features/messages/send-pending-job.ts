import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { GIVE_UP_AFTER_MS } from './resend-stuck';
import { sendOne } from './send-job';

/** The connection's outbound messages not yet sent nor refused, oldest first (as the agents wrote them). */
export async function pendingMessagesOf(db: Db, connectionId: number, now = new Date()): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        sql`${messages.fromMe} = true and ${messages.ack} = 0 and ${messages.externalId} is null and ${messages.isPrivate} = false`,
        sql`${messages.isDeleted} = false and ${messages.sendError} is null`,
        eq(messages.connectionId, connectionId),
        gt(messages.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((r) => r.id);
}

/**
 * A session just opened (a reconnect, a node taking over a dead node's session): the messages agents
 * wrote while it was down are sent now, in order, each once (the send key `msg-{id}` and the stored
 * external id make a message that another attempt already sent a no-op). Sent to the holder's own
 * queue; it stops at the first message that cannot go (the session dropped again).
 */
export const sendPendingJob = defineJob({
  name: 'message.send-pending',
  payload: z.object({ connectionId: z.number().int().positive() }),
  retry: { limit: 3, backoffSeconds: 5 },
  nodeQueue: true,
  async run({ connectionId }, deps) {
    for (const id of await pendingMessagesOf(deps.db, connectionId)) {
      const outcome = await sendOne(deps, id);
      if (outcome.status === 'waiting' || outcome.status === 'elsewhere') return;
    }
  },
});
