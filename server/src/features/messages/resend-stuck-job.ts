import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { resendStuckMessages } from './resend-stuck';

/** Every minute (run by minuteSweepsJob, features/minute-sweeps.ts): outbound messages still unsent after a minute are queued again. */
export const resendStuckJob = defineJob({
  name: 'message.resend-stuck',
  payload: z.object({}).passthrough(),
  retry: { limit: 1, backoffSeconds: 30 },
  async run(_payload, deps) {
    const count = await resendStuckMessages(deps);
    if (count > 0) deps.log.info({ count }, 'stuck outbound messages queued again');
  },
});
