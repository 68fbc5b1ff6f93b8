import { z } from 'zod';
import { AppError } from '../../http/errors';
import { defineJob } from '../../jobs/define';
import { advanceOutboxAck, findOutbox } from './outbox';
import { SIMULATOR_ACK_JOB, SimulatorProvider } from './provider';

/**
 * The simulated phone's delivered/read report for one received message. The outbox moves forward
 * first (the customer's side), then the product hears of it, with the send's idempotency key so the
 * ack finds its message even when it beats the send job's write of the external id.
 */
export const simulatorAckJob = defineJob({
  name: SIMULATOR_ACK_JOB,
  payload: z.object({ outboxId: z.number().int().positive(), ack: z.number().int().min(0).max(5) }),
  retry: { limit: 3, backoffSeconds: 2 },
  async run({ outboxId, ack }, deps) {
    const row = await findOutbox(deps.db, outboxId);
    if (!row) return; // the connection was deleted with its outbox
    await advanceOutboxAck(deps.db, outboxId, ack);
    let provider: unknown;
    try {
      provider = await deps.channels.providerFor(row.connectionId);
    } catch (err) {
      if (err instanceof AppError) return; // simulator switched off or connection gone: nobody to tell
      throw err;
    }
    if (provider instanceof SimulatorProvider) await provider.reportAck(row, ack);
  },
});
