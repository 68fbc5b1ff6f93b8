import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { SEND_MESSAGE_JOB } from './enqueue';
import { sendOutbound } from './send';
import { resendStuckMessages } from './sweeper';

/** Sends one outbound message (queued after the commit that wrote it; see enqueueOutbound). */
export const sendMessageJob = defineJob({
  name: SEND_MESSAGE_JOB,
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  run: ({ messageId }, deps) => sendOutbound(deps, messageId),
});

/** Every minute: outbound messages still unsent after a minute are queued again. */
export const resendStuckJob = defineJob({
  name: 'message.resend-stuck',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retry: { limit: 1, backoffSeconds: 30 },
  async run(_payload, deps) {
    const count = await resendStuckMessages(deps);
    if (count > 0) deps.log.info({ count }, 'stuck outbound messages queued again');
  },
});
