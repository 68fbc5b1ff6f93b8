import type { ScheduledMessageView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { schedules } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { readUpload, requireFile } from '../../../media';
import { classifyFile, downloadLimitBytes, removeMedia, storeMedia } from '../../messages';
import { announceSchedule } from '../events';
import { findManagedSchedule, scheduleView } from '../queries';

export interface ScheduleUpload {
  fileName: string;
  data: Buffer;
}

/** The form of POST /schedules/:id/media-upload: one `file`, under the global download limit (413 over it). */
export async function readScheduleUpload(req: FastifyRequest): Promise<ScheduleUpload> {
  const limit = await downloadLimitBytes(req.ctx.db);
  const file = requireFile(await readUpload(req, { maxBytes: limit.bytes }));
  return { fileName: file.sentName, data: file.data };
}

/** The name shown for the attachment: no folders, no control characters. */
const displayName = (name: string) =>
  [...name.replace(/\\/g, '/').split('/').pop()!]
    .filter((ch) => ch.charCodeAt(0) >= 32)
    .join('')
    .trim()
    .slice(0, 200) || 'arquivo';

/** A file no sent message points at yet (until the first send, the schedule's file is its own). */
const ownFile = (row: { timesSent: number; mediaPath: string | null }) => (row.timesSent === 0 ? row.mediaPath : null);

/**
 * POST /schedules/:id/media-upload: the file's kind comes from its bytes; it is stored in the
 * company's media folder, where the scheduled message will point. The previous file goes after the commit.
 */
export async function attachScheduleMedia(ctx: RequestContext, id: number, upload: ScheduleUpload): Promise<ScheduledMessageView> {
  const found = await findManagedSchedule(ctx.db, ctx.companyId, ctx.actor, id); // 404/403 before touching the disk
  if (found.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 400);
  const type = await classifyFile(upload);
  const mediaPath = await storeMedia(ctx.config, ctx.companyId, upload.data, type.ext);
  try {
    return await ctx.transaction(async (tx) => {
      const before = await findManagedSchedule(tx, ctx.companyId, ctx.actor, id);
      if (before.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 400);
      await tx
        .update(schedules)
        .set({ mediaPath, mediaName: displayName(upload.fileName), mediaType: type.mediaType })
        .where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)));
      const previous = ownFile(before);
      if (previous) tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, previous));
      const view = await scheduleView(tx, ctx.companyId, id);
      announceSchedule(tx, ctx.realtime, view, 'update');
      return view;
    });
  } catch (err) {
    await removeMedia(ctx.config, ctx.companyId, mediaPath); // the row never pointed at it
    throw err;
  }
}

/** DELETE /schedules/:id/media-upload: the schedule keeps its text and loses its attachment. */
export async function detachScheduleMedia(ctx: RequestContext, id: number): Promise<ScheduledMessageView> {
  return ctx.transaction(async (tx) => {
    const before = await findManagedSchedule(tx, ctx.companyId, ctx.actor, id);
    if (before.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 400);
    await tx
      .update(schedules)
      .set({ mediaPath: null, mediaName: null, mediaType: null })
      .where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)));
    const previous = ownFile(before);
    if (previous) tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, previous));
    const view = await scheduleView(tx, ctx.companyId, id);
    announceSchedule(tx, ctx.realtime, view, 'update');
    return view;
  });
}
