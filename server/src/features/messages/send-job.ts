import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { SEND_MESSAGE_JOB, sendOutbound } from '../outbound';
import { publishMessage } from './announce';

/**
 * Sends one outbound message (queued after the commit that wrote it: enqueueOutbound) through the
 * outbound feature, then announces it as sent. The job is the messages feature's because the
 * announcement is: outbound sits below messages (messages queues its sends) and announces nothing.
 */
export const sendMessageJob = defineJob({
  name: SEND_MESSAGE_JOB,
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  async run({ messageId }, deps) {
    const sent = await sendOutbound(deps, messageId);
    if (sent) await publishMessage(deps, sent, 'update');
  },
});
