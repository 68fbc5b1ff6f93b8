import type { QueueData } from '@chatflow/contract';
import type { QueueRow } from '../../../db/schema';
import { queues } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { presentQueue } from '../presenter';
import { asQueueConflict, assertPlanAllowsAnotherQueue, assertQueueRules, lockCompanyQueues } from '../rules';

export async function createQueue(ctx: RequestContext, input: QueueData): Promise<QueueRow> {
  const companyId = ctx.companyId;
  try {
    return await ctx.transaction(async (tx) => {
      await lockCompanyQueues(tx, companyId);
      await assertPlanAllowsAnotherQueue(tx, companyId);
      await assertQueueRules(tx, companyId, input, null);
      const [queue] = await tx
        .insert(queues)
        .values({
          companyId,
          name: input.name,
          color: input.color,
          orderQueue: input.orderQueue ?? null,
          greetingMessage: input.greetingMessage,
          outOfHoursMessage: input.outOfHoursMessage,
          closeTicket: input.closeTicket,
          ativarRoteador: input.ativarRoteador,
          tempoRoteador: input.tempoRoteador,
          integrationId: input.integrationId ?? null,
          fileListId: input.fileListId ?? null,
          schedules: input.schedules,
        })
        .returning();
      tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'queue', { action: 'create', queue: presentQueue(queue) }));
      return queue;
    });
  } catch (err) {
    throw asQueueConflict(err);
  }
}
