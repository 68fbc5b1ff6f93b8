import type { QueueData, QueueView } from '@chatflow/contract';
import { queues } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { assertChatbotTargets } from '../chatbot-rules';
import { queueView } from '../queries';
import { asQueueConflict, assertPlanAllowsAnotherQueue, assertQueueRules, lockCompanyQueues } from '../rules';
import { saveChildren } from './save-chatbot-tree';

export async function createQueue(ctx: RequestContext, input: QueueData): Promise<QueueView> {
  const companyId = ctx.companyId;
  try {
    return await ctx.transaction(async (tx) => {
      await lockCompanyQueues(tx, companyId);
      await assertPlanAllowsAnotherQueue(tx, companyId);
      await assertQueueRules(tx, companyId, input, null);
      await assertChatbotTargets(tx, companyId, input.chatbots, ['chatbots']);
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
          token: input.token,
          schedules: input.schedules,
        })
        .returning();
      await saveChildren(tx, { companyId, queueId: queue.id, parentId: null }, input.chatbots, new Map());
      const view = await queueView(tx, companyId, queue);
      tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'queue', { action: 'create', queue: view }));
      return view;
    });
  } catch (err) {
    throw asQueueConflict(err);
  }
}
