import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { sendOutbound } from '../outbound';
import { publishMessage } from './announce';

/**
 * Sends one outbound message through the outbound feature, then announces it as sent. It is written
 * with the message's row (enqueueOutbound) and also run right after that commit. The job is the messages
 * feature's because the announcement is: outbound sits below messages and announces nothing.
 */
export const sendMessageJob = defineJob({
  name: 'message.send',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  async run({ messageId }, deps) {
    const sent = await sendOutbound(deps, messageId);
    if (sent) await publishMessage(deps, sent, 'update');
  },
});
