import { and, eq } from 'drizzle-orm';
import { type ConnectionRow, connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { companyFolder, mediaStorage, sniffFileType, type UploadedFile } from '../../../media';
import { announceConnections } from '../events';
import { findConnection } from '../queries';
import { asConnectionConflict, generateConnectionToken } from '../rules';

/** POST /whatsapp/{id}/token: a new 30-character token; the old one stops authorising at once. */
export async function regenerateToken(ctx: RequestContext, id: number): Promise<ConnectionRow> {
  try {
    return await ctx.transaction(async (tx) => {
      await findConnection(tx, ctx.companyId, id);
      const [row] = await tx
        .update(connections)
        .set({ token: generateConnectionToken(), updatedAt: new Date() })
        .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)))
        .returning();
      await announceConnections(tx, ctx, [row]);
      return row;
    });
  } catch (err) {
    throw asConnectionConflict(err);
  }
}

const folder = (companyId: number) => companyFolder(companyId, 'connections');

/**
 * POST /whatsapp/{id}/media-upload: the greeting's image or video (spec 2 §5: "Media upload accepts
 * video or image"), judged by its bytes. The previous file is removed once the row points elsewhere.
 */
export async function attachGreetingMedia(ctx: RequestContext, id: number, file: UploadedFile): Promise<ConnectionRow> {
  await findConnection(ctx.db, ctx.companyId, id);
  const type = await sniffFileType(file.data);
  if (!type || !/^(image|video)\//.test(type.mime) || type.mime === 'image/svg+xml') throw new AppError('ERR_INVALID_FILE', 400);
  const storage = mediaStorage(ctx.config);
  const stored = await storage.put(folder(ctx.companyId), file.data, type.ext);
  try {
    return await setGreetingMedia(ctx, id, stored.url);
  } catch (err) {
    await storage.remove(stored.url, folder(ctx.companyId));
    throw err;
  }
}

/** DELETE /whatsapp/{id}/media-upload: the greeting goes back to text only. */
export function detachGreetingMedia(ctx: RequestContext, id: number): Promise<ConnectionRow> {
  return setGreetingMedia(ctx, id, '');
}

async function setGreetingMedia(ctx: RequestContext, id: number, url: string): Promise<ConnectionRow> {
  return ctx.transaction(async (tx) => {
    const before = await findConnection(tx, ctx.companyId, id);
    const [row] = await tx
      .update(connections)
      .set({ greetingMediaAttachment: url, updatedAt: new Date() })
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)))
      .returning();
    await announceConnections(tx, ctx, [row]);
    tx.afterCommit(() => mediaStorage(ctx.config).remove(before.greetingMediaAttachment, folder(ctx.companyId)));
    return row;
  });
}
