import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { sendOutbound } from './send';

/** Sends one outbound message; written with the message's row (see enqueueOutbound). */
export const sendMessageJob = defineJob({
  name: 'message.send',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  run: ({ messageId }, deps) => sendOutbound(deps, messageId),
});
