import { and, eq } from 'drizzle-orm';
import { queues } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { findQueue } from '../queries';

/** Deletes the queue; its user_queues rows go with it through the foreign key's cascade. */
export async function deleteQueue(ctx: RequestContext, id: number): Promise<void> {
  const companyId = ctx.companyId;
  await ctx.transaction(async (tx) => {
    await findQueue(tx, companyId, id);
    await tx.delete(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
    tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'queue', { action: 'delete', queueId: id }));
  });
}
