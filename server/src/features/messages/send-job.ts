import { z } from 'zod';
import { defineJob, type JobDeps } from '../../jobs/define';
import { type SendOutcome, sendKeyOf, sendOutbound } from '../outbound';
import { publishMessage } from './announce';

/**
 * Sends one outbound message through the outbound feature, then announces it as sent (or failed). It
 * is written with the message's row (enqueueOutbound) and also run right after that commit. When
 * another node holds the connection's session, the job goes to that node's own queue: any node takes
 * an agent's reply, the holder sends it. The job is the messages feature's because the announcement
 * is: outbound sits below messages and announces nothing.
 */
export const sendMessageJob = defineJob({
  name: 'message.send',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 5 },
  nodeQueue: true,
  async run({ messageId }, deps) {
    await sendOne(deps, messageId);
  },
});

/** One attempt at one message: announced when it changed, passed to the session's holder when that is another node. */
export async function sendOne(deps: JobDeps, messageId: number): Promise<SendOutcome> {
  const outcome = await sendOutbound(deps, messageId);
  if (outcome.status === 'elsewhere') {
    await sendMessageJob.send(deps.jobs, { messageId }, { node: outcome.holder, singletonKey: sendKeyOf(messageId) });
  } else if (outcome.status === 'sent' || outcome.status === 'failed') {
    await publishMessage(deps, outcome.message, 'update');
  }
  return outcome;
}
