import { z } from 'zod';
import type { JobQueue } from '../../jobs/queue';
import { defineJob } from '../../jobs/define';
import { runInboundAutomation } from './run-inbound';
import { sweepUnansweredMessages } from './sweep';

/** The automation turn of one customer message (run-inbound.ts); idempotent by the message's id. */
export const inboundAutomationJob = defineJob({
  name: 'automation.inbound',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  async run({ messageId }, deps) {
    await runInboundAutomation(deps, messageId);
  },
});

/** Every minute (run by minuteSweepsJob, features/minute-sweeps.ts): the turns a stopped process (or a failed run) left undone (sweep.ts). */
export const automationSweepJob = defineJob({
  name: 'automation.sweep',
  payload: z.object({}).passthrough(),
  retry: { limit: 1, backoffSeconds: 30 },
  async run(_payload, deps) {
    const count = await sweepUnansweredMessages(deps);
    if (count > 0) deps.log.info({ count }, 'automation turns left undone were run');
  },
});

/**
 * Starts the turn of a committed customer message in this process; the inbound pipeline does not
 * wait for it. Nothing is stored per message: a stored fallback job cost more commits than the
 * turn itself (bench/results/inbound.md), and the sweep above is the net should the process stop.
 */
export function startInboundAutomation(deps: { jobs: JobQueue; log: { error(o: object, m: string): void } }, messageId: number): void {
  inboundAutomationJob
    .send(deps.jobs, { messageId }, { runAfterCommit: true, unstored: true })
    .catch((err) => deps.log.error({ err, messageId }, 'automation turn not started'));
}
