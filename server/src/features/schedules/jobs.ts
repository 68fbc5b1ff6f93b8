import { z } from 'zod';
import type { JobTx } from '../../jobs/define';
import { defineJob } from '../../jobs/define';
import type { JobQueue } from '../../jobs/queue';
import type { ScheduleRow } from '../../db/schema';
import { dispatchSchedules } from './commands/dispatch-schedules';

/**
 * One occurrence of a schedule: a delayed job per occurrence, due at its send time (never a cron
 * reading a window). The payload names the occurrence (how many sends were done, and the send time
 * it was queued for); a run finding the schedule moved on (sent, edited, deleted) does nothing.
 */
export const scheduleDispatchJob = defineJob({
  name: 'schedule.dispatch',
  payload: z.object({ scheduleId: z.number().int().positive(), timesSent: z.number().int().min(0), sendAt: z.string() }),
  retry: { limit: 5, backoffSeconds: 5 },
  timer: true,
  // Thousands of schedules may fall due in one minute: the worker takes them 50 at a time and sends
  // each batch in one transaction (runBatch, set-based). One at a time, a minute's thousands took far
  // longer than the minute, the round trips of ~20 statements per schedule being most of the work
  // (bench/results/code-figures.md).
  worker: { batchSize: 50, concurrency: 2 },
  async run(payload, deps) {
    await dispatchSchedules(deps, [payload], (tx, rows, now) => queueScheduleDispatches(tx, deps.jobs, rows, now));
  },
  async runBatch(payloads, deps) {
    await dispatchSchedules(deps, payloads, (tx, rows, now) => queueScheduleDispatches(tx, deps.jobs, rows, now));
  },
});

/** The job of a schedule's next occurrence: the payload naming it, and its key. */
function occurrenceJob(row: { id: number; timesSent: number; sendAt: Date }) {
  const sendAt = row.sendAt.toISOString();
  return {
    payload: { scheduleId: row.id, timesSent: row.timesSent, sendAt },
    singletonKey: `schedule-${row.id}-${row.timesSent}-${sendAt}`,
  };
}

const secondsUntil = (at: Date, now: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** Queues the occurrence a schedule now waits for, in the caller's transaction (it exists exactly when the row does). */
export async function queueScheduleDispatch(
  tx: JobTx,
  jobs: JobQueue,
  row: { id: number; timesSent: number; sendAt: Date },
  now: Date,
): Promise<void> {
  const { payload, singletonKey } = occurrenceJob(row);
  await scheduleDispatchJob.send(jobs, payload, { tx, startAfterSeconds: secondsUntil(row.sendAt, now), singletonKey });
}

/** queueScheduleDispatch for the schedules of a dispatch batch: one insert per start time. */
export async function queueScheduleDispatches(tx: JobTx, jobs: JobQueue, rows: ScheduleRow[], now: Date): Promise<void> {
  const byDelay = new Map<number, ScheduleRow[]>();
  for (const row of rows) {
    const delay = secondsUntil(row.sendAt, now);
    const due = byDelay.get(delay);
    if (due) due.push(row);
    else byDelay.set(delay, [row]);
  }
  for (const [startAfterSeconds, due] of byDelay)
    await scheduleDispatchJob.sendMany(jobs, due.map(occurrenceJob), { tx, startAfterSeconds });
}
