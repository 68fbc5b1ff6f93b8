import type { HookedTx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';

export const SEND_MESSAGE_JOB = 'message.send';

/** The idempotency key a message is sent with: a retried send is the same send to the provider. */
export const sendKeyOf = (messageId: number) => `msg-${messageId}`;

/** The message a send key names, or null for a key that is not one of ours. */
export function messageIdOfSendKey(key: string | null | undefined): number | null {
  const m = /^msg-(\d{1,15})$/.exec(key ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * Queues the send of an outbound message once the transaction that wrote it commits (never before:
 * a job must not look for a row that may yet roll back). If the process stops between the commit
 * and the send, the stuck-message sweeper finds the row at ack 0 and queues it again.
 */
export function enqueueOutbound(tx: HookedTx, jobs: JobQueue, messageId: number): void {
  tx.afterCommit(async () => {
    await jobs.send(SEND_MESSAGE_JOB, { messageId });
  });
}
