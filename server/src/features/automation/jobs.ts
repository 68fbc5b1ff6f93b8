import { z } from 'zod';
import type { JobQueue } from '../../jobs/queue';
import { defineJob } from '../../jobs/define';
import { runInboundAutomation } from './run-inbound';

/** How long the stored job waits: the turn normally runs in this process at once; the job is the fallback. */
const FALLBACK_AFTER_SECONDS = 30;

/** The automation turn of one customer message (run-inbound.ts); idempotent by the message's id. */
export const inboundAutomationJob = defineJob({
  name: 'automation.inbound',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  async run({ messageId }, deps) {
    await runInboundAutomation(deps, messageId);
  },
});

/**
 * Starts the turn of a committed customer message: right away in this process, with the stored job
 * as the fallback should the process stop first. The inbound pipeline does not wait for it.
 */
export function startInboundAutomation(deps: { jobs: JobQueue; log: { error(o: object, m: string): void } }, messageId: number): void {
  inboundAutomationJob
    .send(
      deps.jobs,
      { messageId },
      { runAfterCommit: true, startAfterSeconds: FALLBACK_AFTER_SECONDS, singletonKey: `automation-${messageId}` },
    )
    .catch((err) => deps.log.error({ err, messageId }, 'automation job not queued'));
}
