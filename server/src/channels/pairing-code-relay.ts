import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { channelPairingRequests } from '../db/schema';
import type { ErrorCode } from '@chatflow/contract';
import { AppError } from '../http/errors';
import { defineJob } from '../jobs/define';
import type { JobQueue } from '../jobs/queue';

/**
 * How long the node that was asked for a pairing code waits for the session's holder to answer. The
 * holder asks WhatsApp for the code (a round trip to its servers), so this is a few seconds at worst;
 * a holder that died meanwhile leaves the request unanswered and the caller gets a clear error.
 */
const ANSWER_WITHIN_MS = 20_000;
const POLL_EVERY_MS = 200;

/**
 * Asks the node holding a connection's session for a pairing code: a pairing code belongs to the live
 * socket, so only the holder can ask WhatsApp for one. The request is a row the holder answers and a
 * job on the holder's own queue; this node waits for the row's answer (the HTTP caller waits for the
 * code), then removes the row. PostgreSQL has no reply channel pg-boss offers, so this polls one row.
 */
export async function pairingCodeFromHolder(
  db: Db,
  jobs: JobQueue,
  holder: string,
  connectionId: number,
  phoneNumber: string,
): Promise<string> {
  const requestId = randomUUID();
  await db.insert(channelPairingRequests).values({ id: requestId, connectionId });
  try {
    await pairingCodeJob.send(jobs, { requestId, connectionId, phoneNumber }, { node: holder });
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    for (;;) {
      const [answer] = await db
        .select({ code: channelPairingRequests.code, error: channelPairingRequests.error })
        .from(channelPairingRequests)
        .where(eq(channelPairingRequests.id, requestId));
      if (answer?.code) return answer.code;
      if (answer?.error) throw new AppError(answer.error as ErrorCode, 400);
      if (Date.now() > deadline) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    }
  } finally {
    await db.delete(channelPairingRequests).where(eq(channelPairingRequests.id, requestId));
  }
}

/**
 * Run by the holder: asks its live session for the code and writes the answer. It never forwards the
 * request again (`here`): a node that lost the session meanwhile answers with an error instead of
 * sending the request around. A request whose row is gone (the asker gave up) is not answered.
 */
export const pairingCodeJob = defineJob({
  name: 'channel.pairing-code',
  payload: z.object({ requestId: z.string().uuid(), connectionId: z.number().int().positive(), phoneNumber: z.string() }),
  nodeQueue: true,
  async run({ requestId, connectionId, phoneNumber }, deps) {
    const [request] = await deps.db.select().from(channelPairingRequests).where(eq(channelPairingRequests.id, requestId));
    if (!request || request.connectionId !== connectionId) return;
    let answer: { code: string } | { error: string };
    try {
      answer = { code: await deps.channels.requestPairingCode(connectionId, phoneNumber, { here: true }) };
    } catch (err) {
      deps.log.warn({ err, connectionId }, 'pairing code asked of this node failed');
      answer = { error: err instanceof AppError ? err.code : 'ERR_WAPP_NOT_INITIALIZED' };
    }
    await deps.db.update(channelPairingRequests).set(answer).where(eq(channelPairingRequests.id, requestId));
  },
});
