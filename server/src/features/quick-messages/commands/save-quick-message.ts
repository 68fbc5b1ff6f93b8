import type { QuickMessageData, QuickMessageUpdateInput, QuickMessageView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { quickMessages } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceQuickMessage, announceQuickMessageDeleted } from '../events';
import { removeMedia } from '../media-file';
import { presentQuickMessage } from '../presenter';
import { findEditableQuickMessage } from '../queries';

type QuickMessageChanges = z.output<typeof QuickMessageUpdateInput>;

/** POST /quick-messages: owned by the caller, in the caller's company. */
export async function createQuickMessage(ctx: RequestContext, input: QuickMessageData): Promise<QuickMessageView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .insert(quickMessages)
      .values({
        companyId: ctx.companyId,
        userId: ctx.actor.id,
        shortcode: input.shortcode,
        message: input.message,
        geral: input.geral,
        visao: input.visao,
      })
      .returning();
    announceQuickMessage(tx, ctx.realtime, row, 'create');
    return presentQuickMessage(row);
  });
}

/** PUT /quick-messages/:id: by the owner, or by anyone when shared (spec 3 §6). */
export async function updateQuickMessage(ctx: RequestContext, id: number, changes: QuickMessageChanges): Promise<QuickMessageView> {
  return ctx.transaction(async (tx) => {
    const before = await findEditableQuickMessage(tx, ctx.companyId, ctx.actor.id, id);
    const { userId: _u, companyId: _c, ...fields } = changes;
    const [row] = Object.keys(fields).length
      ? await tx
          .update(quickMessages)
          .set(fields)
          .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, ctx.companyId)))
          .returning()
      : [before];
    announceQuickMessage(tx, ctx.realtime, row, 'update', before);
    return presentQuickMessage(row);
  });
}

/** DELETE /quick-messages/:id: the same rule as editing; the attachment file goes after the commit. */
export async function deleteQuickMessage(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const row = await findEditableQuickMessage(tx, ctx.companyId, ctx.actor.id, id);
    await tx.delete(quickMessages).where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, ctx.companyId)));
    announceQuickMessageDeleted(tx, ctx.realtime, row);
    tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, row.mediaPath));
  });
}
