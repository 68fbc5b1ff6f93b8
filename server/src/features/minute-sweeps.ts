import { z } from 'zod';
import { defineJob } from '../jobs/define';
import { automationSweepJob } from './automation';
import { resendStuckJob } from './messages';
import { markOfflineJob } from './users';

/** The sweeps due every minute; each is a job of its own too (sent by hand, retried alone). */
const EVERY_MINUTE = [markOfflineJob, automationSweepJob, resendStuckJob];

/**
 * Every minute, one scheduled job runs the sweeps due every minute, one after another: a scheduled job
 * costs pg-boss its cron pass, a forwarded insert, a fetch and a completion, which three of them paid
 * three times on every idle node (issue 34, bench/results/idle.md). A sweep that fails does not stop
 * the others; the job then fails and is retried whole (the sweeps are idempotent).
 */
export const minuteSweepsJob = defineJob({
  name: 'sweeps.every-minute',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retry: { limit: 1, backoffSeconds: 30 },
  async run(_payload, deps) {
    const failures: unknown[] = [];
    for (const sweep of EVERY_MINUTE) {
      try {
        await sweep.run(sweep.payload.parse({}), deps);
      } catch (err) {
        deps.log.warn({ err, job: sweep.name }, 'a minute sweep failed; the others ran');
        failures.push(err);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} minute sweep(s) failed`);
  },
});
