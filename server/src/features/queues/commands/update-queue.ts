import type { QueueChanges, QueueView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { queues } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { assertChatbotTargets } from '../chatbot-rules';
import { loadOptionRows } from '../chatbot-tree';
import { findQueue, queueView } from '../queries';
import { asQueueConflict, assertQueueRules, lockCompanyQueues } from '../rules';
import { dropUnkept, saveChildren } from './save-chatbot-tree';

/**
 * Applies the sent fields; the rules are checked on the queue as it will be after the change. A sent
 * `chatbots` becomes the whole tree (options sent with their id keep it); an unsent one is left alone.
 */
export async function updateQueue(ctx: RequestContext, id: number, changes: QueueChanges): Promise<QueueView> {
  const companyId = ctx.companyId;
  try {
    return await ctx.transaction(async (tx) => {
      await lockCompanyQueues(tx, companyId);
      const current = await findQueue(tx, companyId, id);
      const { chatbots, ...rest } = changes;
      const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<QueueChanges, 'chatbots'>;
      const next = { ...current, ...fields };
      // Links are checked when sent (an old link to a since-deleted list must not block other edits).
      await assertQueueRules(tx, companyId, { ...next, integrationId: fields.integrationId, fileListId: fields.fileListId }, id);
      const [queue] = await tx
        .update(queues)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
        .returning();
      if (chatbots) {
        await assertChatbotTargets(tx, companyId, chatbots, ['chatbots']);
        const pool = new Map((await loadOptionRows(tx, companyId, [id])).map((r) => [r.id, r]));
        const kept = await saveChildren(tx, { companyId, queueId: id, parentId: null }, chatbots, pool);
        await dropUnkept(tx, companyId, pool, kept);
      }
      const view = await queueView(tx, companyId, queue);
      tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'queue', { action: 'update', queue: view }));
      return view;
    });
  } catch (err) {
    throw asQueueConflict(err);
  }
}
