import type { PromptChanges, PromptData, PromptView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { connections, prompts, queues } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { announcePrompt, announcePromptDeleted } from '../events';
import { findPrompt, promptView } from '../queries';

/** The queue must be the company's: another company's id reads as no queue ("Informe o setor"). */
async function checkQueue(tx: HookedTx, companyId: number, queueId: number) {
  const [queue] = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  if (!queue) throw new AppError('ERR_INTEGRATION_INVALID_QUEUE', 400);
}

/** POST /prompt. */
export async function createPrompt(ctx: RequestContext, input: PromptData): Promise<PromptView> {
  return ctx.transaction(async (tx) => {
    await checkQueue(tx, ctx.companyId, input.queueId);
    const [row] = await tx
      .insert(prompts)
      .values({ ...input, companyId: ctx.companyId })
      .returning();
    const view = await promptView(tx, ctx.companyId, row.id);
    announcePrompt(tx, ctx.realtime, ctx.companyId, 'create', view);
    return view;
  });
}

/** PUT /prompt/{id}: an empty API key or voice key keeps the stored one (the modal never receives them). */
export async function updatePrompt(ctx: RequestContext, id: number, changes: PromptChanges): Promise<PromptView> {
  return ctx.transaction(async (tx) => {
    await findPrompt(tx, ctx.companyId, id);
    await checkQueue(tx, ctx.companyId, changes.queueId);
    const { apiKey, voiceKey, ...rest } = changes;
    await tx
      .update(prompts)
      .set({ ...rest, ...(apiKey ? { apiKey } : {}), ...(voiceKey ? { voiceKey } : {}), updatedAt: new Date() })
      .where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, id)));
    const view = await promptView(tx, ctx.companyId, id);
    announcePrompt(tx, ctx.realtime, ctx.companyId, 'update', view);
    return view;
  });
}

/** DELETE /prompt/{id}: connections that named it lose the link. */
export async function deletePrompt(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await findPrompt(tx, ctx.companyId, id);
    await tx
      .update(connections)
      .set({ promptId: null })
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.promptId, id)));
    await tx.delete(prompts).where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, id)));
    announcePromptDeleted(tx, ctx.realtime, ctx.companyId, id);
  });
}
