import type { HookedTx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { sendMessageJob } from './send-job';
import { sendKeyOf } from '../outbound';

/**
 * How long the stored send job waits before a worker takes it. The send normally happens in this
 * process right after the commit; the stored job is the fallback should the process stop first, and
 * finds the message sent otherwise. Long enough for a slow provider call to finish first.
 */
export const SEND_FALLBACK_AFTER_SECONDS = 30;

/**
 * Writes the send job of an outbound message in the transaction that writes the message: both
 * commit or neither does, so no message is left without its job and no job looks for a row that
 * rolled back. Right after the commit the message is sent from this process (an agent's reply does
 * not wait for a worker's poll); the job sends it if that did not happen, and the key `msg-{id}`
 * makes every attempt the same send (exactly once). The stuck-message sweeper is the net for what
 * the job cannot fix alone: a connection that was down, retries run out.
 */
export async function enqueueOutbound(tx: HookedTx, jobs: JobQueue, messageId: number): Promise<void> {
  await sendMessageJob.send(
    jobs,
    { messageId },
    { tx, runAfterCommit: true, startAfterSeconds: SEND_FALLBACK_AFTER_SECONDS, singletonKey: sendKeyOf(messageId) },
  );
}

/** enqueueOutbound for many messages of one transaction: one insert of their jobs, each sent right after the commit. */
export async function enqueueOutbounds(tx: HookedTx, jobs: JobQueue, messageIds: number[]): Promise<void> {
  await sendMessageJob.sendMany(
    jobs,
    messageIds.map((messageId) => ({ payload: { messageId }, singletonKey: sendKeyOf(messageId) })),
    { tx, runAfterCommit: true, startAfterSeconds: SEND_FALLBACK_AFTER_SECONDS },
  );
}
