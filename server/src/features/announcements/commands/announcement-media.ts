import type { AnnouncementView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { announcements } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceAnnouncement } from '../events';
import { type AnnouncementUpload, removeAnnouncementMedia, storeAnnouncementMedia } from '../media-file';
import { presentAnnouncement } from '../presenter';
import { findAnnouncement } from '../queries';

/** POST /announcements/:id/media-upload: the picture replaces the previous one, which is removed after the commit. */
export async function attachAnnouncementMedia(ctx: RequestContext, id: number, upload: AnnouncementUpload): Promise<AnnouncementView> {
  const existing = await findAnnouncement(ctx.db, ctx.actor, id); // 404 before touching the disk
  const mediaPath = await storeAnnouncementMedia(ctx.config, existing.companyId, upload);
  try {
    return await ctx.transaction(async (tx) => {
      const before = await findAnnouncement(tx, ctx.actor, id);
      const [row] = await tx
        .update(announcements)
        .set({ mediaPath, mediaName: upload.fileName })
        .where(eq(announcements.id, id))
        .returning();
      await announceAnnouncement(tx, ctx.realtime, row, 'update');
      tx.afterCommit(() => removeAnnouncementMedia(ctx.config, before.companyId, before.mediaPath));
      return presentAnnouncement(row);
    });
  } catch (err) {
    await removeAnnouncementMedia(ctx.config, existing.companyId, mediaPath); // the row never pointed at it
    throw err;
  }
}

/** DELETE /announcements/:id/media-upload: the announcement stays, without its picture. */
export async function detachAnnouncementMedia(ctx: RequestContext, id: number): Promise<AnnouncementView> {
  return ctx.transaction(async (tx) => {
    const before = await findAnnouncement(tx, ctx.actor, id);
    const [row] = await tx.update(announcements).set({ mediaPath: null, mediaName: null }).where(eq(announcements.id, id)).returning();
    await announceAnnouncement(tx, ctx.realtime, row, 'update');
    tx.afterCommit(() => removeAnnouncementMedia(ctx.config, before.companyId, before.mediaPath));
    return presentAnnouncement(row);
  });
}
