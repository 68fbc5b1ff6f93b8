import type { QuickMessageView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { quickMessages } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceQuickMessage } from '../events';
import { attachmentName, type MediaUpload, removeMedia, storedExtension, storeMedia } from '../media-file';
import { presentQuickMessage } from '../presenter';
import { findEditableQuickMessage } from '../queries';

/**
 * POST /quick-messages/:id/media-upload: the file is checked from its bytes and stored under a random
 * name; the row points at it and the previous attachment is removed once the change is committed.
 */
export async function attachQuickMessageMedia(ctx: RequestContext, id: number, upload: MediaUpload): Promise<QuickMessageView> {
  await findEditableQuickMessage(ctx.db, ctx.companyId, ctx.actor.id, id); // 404/403 before touching the disk
  const ext = await storedExtension(upload);
  const mediaPath = await storeMedia(ctx.config, ctx.companyId, upload.data, ext);
  try {
    return await ctx.transaction(async (tx) => {
      const before = await findEditableQuickMessage(tx, ctx.companyId, ctx.actor.id, id);
      const [row] = await tx
        .update(quickMessages)
        .set({ mediaPath, mediaName: attachmentName(upload.fileName) })
        .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, ctx.companyId)))
        .returning();
      announceQuickMessage(tx, ctx.realtime, row, 'update', before);
      tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, before.mediaPath));
      return presentQuickMessage(row);
    });
  } catch (err) {
    await removeMedia(ctx.config, ctx.companyId, mediaPath); // the row never pointed at it
    throw err;
  }
}

/** DELETE /quick-messages/:id/media-upload: the message keeps its text and loses its attachment. */
export async function detachQuickMessageMedia(ctx: RequestContext, id: number): Promise<QuickMessageView> {
  return ctx.transaction(async (tx) => {
    const before = await findEditableQuickMessage(tx, ctx.companyId, ctx.actor.id, id);
    const [row] = await tx
      .update(quickMessages)
      .set({ mediaPath: null, mediaName: null })
      .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, ctx.companyId)))
      .returning();
    announceQuickMessage(tx, ctx.realtime, row, 'update', before);
    tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, before.mediaPath));
    return presentQuickMessage(row);
  });
}
