import { CHATBOT_TARGET_OF, type ChatbotChanges, type ChatbotCreateData, type ChatbotOptionView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { queueOptions } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { assertChatbotTargets, assertDepth } from '../chatbot-rules';
import { buildTrees, depthOf, descendantIds, loadOptionRows } from '../chatbot-tree';
import { findQueue, queueView } from '../queries';
import { lockCompanyQueues } from '../rules';
import { dropUnkept, saveChildren } from './save-chatbot-tree';

const fieldError = (field: string, message: string) => new ZodError([{ code: 'custom', path: [field], message, input: null }]);

/** An option of the company, with every row of its queue (what the tree helpers work on). */
async function optionWithQueueRows(tx: DbOrTx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
  if (!row) throw notFound();
  return { row, rows: await loadOptionRows(tx, companyId, [row.queueId]) };
}

/** Any chatbot change is a change of its queue: company-{id}-queue carries the queue with its new tree. */
async function announceQueue(ctx: RequestContext, tx: HookedTx, queueId: number) {
  const view = await queueView(tx, ctx.companyId, await findQueue(tx, ctx.companyId, queueId));
  tx.afterCommit(() => ctx.realtime.toCompany(ctx.companyId, 'queue', { action: 'update', queue: view }));
}

/** POST /chatbot: appends an option (and the children it carries) to a queue's menu or to an option's sub-menu. */
export async function createChatbotOption(ctx: RequestContext, input: ChatbotCreateData): Promise<ChatbotOptionView> {
  const companyId = ctx.companyId;
  return ctx.transaction(async (tx) => {
    await lockCompanyQueues(tx, companyId);
    await findQueue(tx, companyId, input.queueId).catch(() => {
      throw fieldError('queueId', 'validation.invalid');
    });
    const rows = await loadOptionRows(tx, companyId, [input.queueId]);
    const parent = input.parentId ? rows.find((r) => r.id === input.parentId) : undefined;
    if (input.parentId && !parent) throw fieldError('parentId', 'validation.invalid');
    if (parent && parent.queueType !== 'text') throw fieldError('parentId', 'validation.invalid');
    if (parent && !parent.greetingMessage.trim()) throw fieldError('parentId', 'validation.required');
    assertDepth(parent ? depthOf(rows, parent.id) : 0, [input], 'options');
    await assertChatbotTargets(tx, companyId, [input], []);
    const siblings = rows.filter((r) => r.parentId === (parent?.id ?? null));
    const position = siblings.length ? Math.max(...siblings.map((r) => r.position)) + 1 : 0;
    const [created] = await tx
      .insert(queueOptions)
      .values({
        companyId,
        queueId: input.queueId,
        parentId: parent?.id ?? null,
        position,
        name: input.name,
        greetingMessage: input.greetingMessage,
        queueType: input.queueType,
        closeTicket: input.closeTicket,
        optQueueId: input.optQueueId,
        optUserId: input.optUserId,
        optIntegrationId: input.optIntegrationId,
        optFileId: input.optFileId,
      })
      .returning();
    await saveChildren(tx, { companyId, queueId: input.queueId, parentId: created.id }, input.options, new Map());
    await announceQueue(ctx, tx, input.queueId);
    return buildTrees(await loadOptionRows(tx, companyId, [input.queueId])).option(created);
  });
}

/** PUT /chatbot/{id}: the sent fields; a sent `options` becomes the option's whole sub-menu. */
export async function updateChatbotOption(ctx: RequestContext, id: number, changes: ChatbotChanges): Promise<ChatbotOptionView> {
  const companyId = ctx.companyId;
  return ctx.transaction(async (tx) => {
    await lockCompanyQueues(tx, companyId);
    const { row, rows } = await optionWithQueueRows(tx, companyId, id);
    const { options, ...rest } = changes;
    const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<ChatbotChanges, 'options'>;
    const next = { ...row, ...fields };
    const willHaveChildren = options ? options.length > 0 : rows.some((r) => r.parentId === id);
    // The same per-option rules as the contract's, on the option as it will be (some fields may be unsent).
    if (willHaveChildren && !next.greetingMessage.trim()) throw fieldError('greetingMessage', 'validation.required');
    if (willHaveChildren && next.queueType !== 'text') throw fieldError('queueType', 'validation.invalid');
    const target = next.queueType === 'text' ? undefined : CHATBOT_TARGET_OF[next.queueType];
    if (target && next[target] === null) throw fieldError(target, 'validation.required');
    await assertChatbotTargets(tx, companyId, [{ ...next, options: options ?? [] }], []);
    const [updated] = await tx
      .update(queueOptions)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
      .returning();
    if (options) {
      assertDepth(depthOf(rows, id), options, 'options');
      const subtree = descendantIds(rows, id);
      const pool = new Map(rows.filter((r) => subtree.has(r.id)).map((r) => [r.id, r]));
      const kept = await saveChildren(tx, { companyId, queueId: row.queueId, parentId: id }, options, pool);
      await dropUnkept(tx, companyId, pool, kept);
    }
    await announceQueue(ctx, tx, row.queueId);
    return buildTrees(await loadOptionRows(tx, companyId, [row.queueId])).option(updated);
  });
}

/** DELETE /chatbot/{id}: the option and its whole sub-menu (the foreign key cascades); siblings keep their order. */
export async function deleteChatbotOption(ctx: RequestContext, id: number): Promise<void> {
  const companyId = ctx.companyId;
  await ctx.transaction(async (tx) => {
    await lockCompanyQueues(tx, companyId);
    const { row } = await optionWithQueueRows(tx, companyId, id);
    await tx.delete(queueOptions).where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
    await announceQueue(ctx, tx, row.queueId);
  });
}

/** GET /chatbot and /chatbot/{id}. */
export async function listChatbotTrees(ctx: RequestContext, queueId: number | undefined): Promise<ChatbotOptionView[]> {
  const rows = await loadOptionRows(ctx.db, ctx.companyId, queueId === undefined ? undefined : [queueId]);
  const trees = buildTrees(rows);
  return rows.filter((r) => r.parentId === null).map((r) => trees.option(r));
}

export async function findChatbotOption(ctx: RequestContext, id: number): Promise<ChatbotOptionView> {
  const { row, rows } = await optionWithQueueRows(ctx.db, ctx.companyId, id);
  return buildTrees(rows).option(row);
}
