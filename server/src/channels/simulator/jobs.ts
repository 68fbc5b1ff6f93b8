import { z } from 'zod';
import { AppError } from '../../http/errors';
import { defineJob, type JobDeps } from '../../jobs/define';
import { type AckedOutbox, advanceOutboxAcks } from './outbox';

/** Messages one report job names at most (a bigger batch of sends writes several jobs). */
export const SIMULATED_ACK_IDS_PER_JOB = 1000;

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

/** The received messages one report job names. */
const outboxIdsOf = (payload: { outboxIds?: number[]; outboxId?: number }) => [
  ...(payload.outboxIds ?? []),
  ...(payload.outboxId ? [payload.outboxId] : []),
];

/**
 * The simulated phone's delivered/read report for received messages: one job for the messages sent
 * together (a campaign step's hundreds are two jobs, not two per message). The outbox moves forward
 * first (the customer's side), then the product hears of it, with the send's idempotency key so the
 * ack finds its message even when it beats the send job's write of the external id.
 */
export const simulatorAckJob = defineJob({
  name: 'simulator.ack',
  payload: z.object({
    outboxIds: z.array(z.number().int().positive()).max(SIMULATED_ACK_IDS_PER_JOB).optional(),
    /** A report queued before reports were shared names one message. */
    outboxId: z.number().int().positive().optional(),
    ack: z.number().int().min(0).max(5),
  }),
  retry: { limit: 3, backoffSeconds: 2 },
  async run(payload, deps) {
    await reportSimulatedAcks(
      deps,
      outboxIdsOf(payload).map((outboxId) => ({ outboxId, ack: payload.ack })),
    );
  },
  /** Reports due together (the sends of several steps) move and are reported together. */
  async runBatch(payloads, deps) {
    await reportSimulatedAcks(
      deps,
      payloads.flatMap((payload) => outboxIdsOf(payload).map((outboxId) => ({ outboxId, ack: payload.ack }))),
    );
  },
});
