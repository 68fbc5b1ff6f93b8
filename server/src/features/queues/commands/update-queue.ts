import type { QueueChanges } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { type QueueRow, queues } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { presentQueue } from '../presenter';
import { findQueue } from '../queries';
import { asQueueConflict, assertQueueRules, lockCompanyQueues } from '../rules';

/** Applies the sent fields; the rules are checked on the queue as it will be after the change. */
export async function updateQueue(ctx: RequestContext, id: number, changes: QueueChanges): Promise<QueueRow> {
  const companyId = ctx.companyId;
  try {
    return await ctx.transaction(async (tx) => {
      await lockCompanyQueues(tx, companyId);
      const current = await findQueue(tx, companyId, id);
      const fields = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as QueueChanges;
      const next = { ...current, ...fields };
      await assertQueueRules(tx, companyId, next, id);
      const [queue] = await tx
        .update(queues)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
        .returning();
      tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'queue', { action: 'update', queue: presentQueue(queue) }));
      return queue;
    });
  } catch (err) {
    throw asQueueConflict(err);
  }
}
