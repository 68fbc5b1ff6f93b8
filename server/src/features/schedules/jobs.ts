import { z } from 'zod';
import type { JobTx } from '../../jobs/define';
import { defineJob } from '../../jobs/define';
import type { JobQueue } from '../../jobs/queue';
import { dispatchSchedule } from './commands/dispatch-schedule';

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
  // Thousands of schedules may fall due in one minute: the worker drains them in batches, eight at once
  // (at four, 10,000 due together took 135 s at a load of 1.6 on 2 CPUs: the lanes waited on round trips too).
  worker: { batchSize: 50, concurrency: 8 },
  async run(payload, deps) {
    await dispatchSchedule(deps, payload, (tx, row, now) => queueScheduleDispatch(tx, deps.jobs, row, now));
  },
});

/** Queues the occurrence a schedule now waits for, in the caller's transaction (it exists exactly when the row does). */
export async function queueScheduleDispatch(
  tx: JobTx,
  jobs: JobQueue,
  row: { id: number; timesSent: number; sendAt: Date },
  now: Date,
): Promise<void> {
  const sendAt = row.sendAt.toISOString();
  await scheduleDispatchJob.send(
    jobs,
    { scheduleId: row.id, timesSent: row.timesSent, sendAt },
    {
      tx,
      startAfterSeconds: Math.max(0, Math.ceil((row.sendAt.getTime() - now.getTime()) / 1000)),
      singletonKey: `schedule-${row.id}-${row.timesSent}-${sendAt}`,
    },
  );
}
