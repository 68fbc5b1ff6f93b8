import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { sweepStalePresence } from './presence';

/** Every minute (run by minuteSweepsJob, features/minute-sweeps.ts): users who missed their heartbeats are marked offline. Idempotent by nature. */
export const markOfflineJob = defineJob({
  name: 'users.mark-offline',
  payload: z.object({}).passthrough(),
  retry: { limit: 1, backoffSeconds: 30 },
  async run(_payload, deps) {
    const count = await sweepStalePresence(deps);
    if (count > 0) deps.log.info({ count }, 'users marked offline after missed heartbeats');
  },
});
