import type { AnnouncementData, AnnouncementView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { announcements } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceAnnouncement, announceAnnouncementDeleted } from '../events';
import { removeAnnouncementMedia } from '../media-file';
import { presentAnnouncement } from '../presenter';
import { findAnnouncement } from '../queries';

const fieldsOf = (input: AnnouncementData) => ({ title: input.title, text: input.text, priority: input.priority, status: input.status });

/** POST /announcements (super company): written under the author's company, shown to every company. */
export async function createAnnouncement(ctx: RequestContext, input: AnnouncementData): Promise<AnnouncementView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ ...fieldsOf(input), companyId: ctx.companyId })
      .returning();
    await announceAnnouncement(tx, ctx.realtime, row, 'create');
    return presentAnnouncement(row);
  });
}

export async function updateAnnouncement(ctx: RequestContext, id: number, input: AnnouncementData): Promise<AnnouncementView> {
  return ctx.transaction(async (tx) => {
    await findAnnouncement(tx, ctx.actor, id);
    const [row] = await tx.update(announcements).set(fieldsOf(input)).where(eq(announcements.id, id)).returning();
    await announceAnnouncement(tx, ctx.realtime, row, 'update');
    return presentAnnouncement(row);
  });
}

/** DELETE /announcements/:id: its picture is removed after the commit. */
export async function deleteAnnouncement(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const row = await findAnnouncement(tx, ctx.actor, id);
    await tx.delete(announcements).where(eq(announcements.id, id));
    await announceAnnouncementDeleted(tx, ctx.realtime, id);
    tx.afterCommit(() => removeAnnouncementMedia(ctx.config, row.companyId, row.mediaPath));
  });
}
