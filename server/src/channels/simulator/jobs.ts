import { z } from 'zod';
import type { SimulatorOutboxRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineJob } from '../../jobs/define';
import { advanceOutboxAck, findOutbox } from './outbox';

/**
 * The simulator's provider (provider.ts, which sends this job; tested by shape so the two files
 * do not import each other). Other providers hear acks from their network.
 */
const reportsAcks = (provider: object): provider is { reportAck(row: SimulatorOutboxRow, ack: number): Promise<boolean> } =>
  'reportAck' in provider;

/**
 * The simulated phone's delivered/read report for one received message. The outbox moves forward
 * first (the customer's side), then the product hears of it, with the send's idempotency key so the
 * ack finds its message even when it beats the send job's write of the external id.
 */
export const simulatorAckJob = defineJob({
  name: 'simulator.ack',
  payload: z.object({ outboxId: z.number().int().positive(), ack: z.number().int().min(0).max(5) }),
  retry: { limit: 3, backoffSeconds: 2 },
  async run({ outboxId, ack }, deps) {
    // Usually the update moves it and returns it; a repeated run finds the row as it was moved.
    const row = (await advanceOutboxAck(deps.db, outboxId, ack)) ?? (await findOutbox(deps.db, outboxId));
    if (!row) return; // the connection was deleted with its outbox
    let provider: object;
    try {
      provider = await deps.channels.providerFor(row.connectionId);
    } catch (err) {
      if (err instanceof AppError) return; // simulator switched off or connection gone: nobody to tell
      throw err;
    }
    if (reportsAcks(provider)) await provider.reportAck(row, ack);
  },
});
