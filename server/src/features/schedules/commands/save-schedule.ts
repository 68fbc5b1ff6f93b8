import type { ScheduleChanges, ScheduleData, ScheduledMessageView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { schedules } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { removeMedia } from '../../messages';
import { announceSchedule, announceScheduleDeleted } from '../events';
import { queueScheduleDispatch } from '../jobs';
import { findManagedSchedule, scheduleView } from '../queries';
import { assertInFuture, assertScheduleRefs, defaultConnectionId } from '../rules';

/** POST /schedules: the caller's schedule, its first occurrence queued in the same transaction. */
export async function createSchedule(ctx: RequestContext, input: ScheduleData): Promise<ScheduledMessageView> {
  const now = new Date();
  assertInFuture(input.sendAt, now);
  return ctx.transaction(async (tx) => {
    await assertScheduleRefs(tx, ctx.companyId, input);
    const { userId: _u, companyId: _c, ...fields } = input;
    const [row] = await tx
      .insert(schedules)
      .values({
        ...fields,
        companyId: ctx.companyId,
        userId: ctx.actor.id,
        whatsappId: input.whatsappId ?? (await defaultConnectionId(tx, ctx.companyId)),
        firstSendAt: input.sendAt,
      })
      .returning();
    await queueScheduleDispatch(tx, ctx.jobs, row, now);
    const view = await scheduleView(tx, ctx.companyId, row.id);
    announceSchedule(tx, ctx.realtime, view, 'create');
    return view;
  });
}

/**
 * PUT /schedules/:id, until the first send (spec 3 §4: once sentAt is set the form is closed). A new
 * send time restarts the recurrence from it and queues that occurrence (the job queued for the old
 * time finds the schedule moved on). Saving a failed schedule (ERRO) tries again at its send time.
 */
export async function updateSchedule(ctx: RequestContext, id: number, changes: ScheduleChanges): Promise<ScheduledMessageView> {
  const now = new Date();
  return ctx.transaction(async (tx) => {
    const before = await findManagedSchedule(tx, ctx.companyId, ctx.actor, id);
    if (before.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 400);
    const { userId: _u, companyId: _c, ...fields } = changes;
    await assertScheduleRefs(tx, ctx.companyId, fields);
    const retry = before.status === 'ERRO';
    const moved = fields.sendAt !== undefined && fields.sendAt.getTime() !== before.sendAt.getTime();
    if (moved || retry) assertInFuture(fields.sendAt ?? before.sendAt, now);
    const [row] = await tx
      .update(schedules)
      .set({
        ...fields,
        ...(fields.sendAt ? { firstSendAt: fields.sendAt } : {}),
        ...(retry ? { status: 'PENDENTE' as const, errorReason: null } : {}),
        updatedAt: now,
      })
      .where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)))
      .returning();
    if (moved || retry) await queueScheduleDispatch(tx, ctx.jobs, row, now);
    const view = await scheduleView(tx, ctx.companyId, row.id);
    announceSchedule(tx, ctx.realtime, view, 'update');
    return view;
  });
}

/** DELETE /schedules/:id: its queued occurrence then finds nothing. A file no sent message uses goes too. */
export async function deleteSchedule(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const row = await findManagedSchedule(tx, ctx.companyId, ctx.actor, id);
    await tx.delete(schedules).where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)));
    announceScheduleDeleted(tx, ctx.realtime, row);
    const { mediaPath } = row;
    if (mediaPath && row.timesSent === 0) tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, mediaPath));
  });
}
