import { z } from 'zod';
import { AppError } from '../../http/errors';
import { defineJob, type JobDeps } from '../../jobs/define';
import { type AckedOutbox, advanceOutboxAcks } from './outbox';

/**
 * The simulator's provider (provider.ts, which sends this job; tested by shape so the two files
 * do not import each other). Other providers hear acks from their network.
 */
const reportsAcks = (provider: object): provider is { reportAcks(rows: AckedOutbox[]): Promise<boolean[]> } => 'reportAcks' in provider;

/** The provider of a connection that hears simulated acks; null when the simulator is off or the connection gone. */
async function ackListener(deps: JobDeps, connectionId: number) {
  try {
    const provider: object = await deps.channels.providerFor(connectionId);
    return reportsAcks(provider) ? provider : null;
  } catch (err) {
    if (err instanceof AppError) return null; // simulator switched off or connection gone: nobody to tell
    throw err;
  }
}

/** Moves the outbox rows (a repeated run finds them moved and reports them again), then tells each connection's provider. */
async function reportSimulatedAcks(deps: JobDeps, wanted: { outboxId: number; ack: number }[]) {
  const rows = await advanceOutboxAcks(deps.db, wanted);
  for (const connectionId of new Set(rows.map((r) => r.connectionId))) {
    const acked = rows.filter((r) => r.connectionId === connectionId);
    await (await ackListener(deps, connectionId))?.reportAcks(acked);
  }
}

/**
 * The simulated phone's delivered/read report for one received message. The outbox moves forward
 * first (the customer's side), then the product hears of it, with the send's idempotency key so the
 * ack finds its message even when it beats the send job's write of the external id.
 */
export const simulatorAckJob = defineJob({
  name: 'simulator.ack',
  payload: z.object({ outboxId: z.number().int().positive(), ack: z.number().int().min(0).max(5) }),
  retry: { limit: 3, backoffSeconds: 2 },
  async run(payload, deps) {
    await reportSimulatedAcks(deps, [payload]);
  },
  /** A campaign's thousands of sends bring as many acks: a fetched batch moves and reports them together. */
  async runBatch(payloads, deps) {
    await reportSimulatedAcks(deps, payloads);
  },
});
