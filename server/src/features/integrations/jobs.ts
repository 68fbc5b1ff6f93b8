import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { HookedTx } from '../../http/context';
import { defineJob } from '../../jobs/define';
import type { JobQueue } from '../../jobs/queue';
import { type BotTurnPayload, runBotTurn } from './runtime/bot-turn';
import { integrationSpec } from './runtime/integration-turn';

export const BotTurnPayloadSchema = z.object({
  ticketId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  deliveryId: z.string().min(1).max(100),
  attempt: z.number().int().min(1).max(10),
});

/** How long the stored job waits: the turn normally runs in this process at once; the job is the fallback. */
const FALLBACK_AFTER_SECONDS = 30;

/**
 * One customer message to the ticket's queue integration. A try that finds the bot down queues the
 * next one as a timer (runtime/bot-turn.ts), so the handler itself never throws for a bot's failure.
 */
export const integrationTurnJob = defineJob({
  name: 'integration.turn',
  payload: BotTurnPayloadSchema,
  async run(payload, deps) {
    await runBotTurn(spec, deps, payload);
  },
});

/** A later try of a turn, after its backoff (a timer: tests fire it with their clock). */
export const integrationRetryJob = defineJob({
  name: 'integration.retry',
  payload: BotTurnPayloadSchema,
  timer: true,
  async run(payload, deps) {
    await runBotTurn(spec, deps, payload);
  },
});

const spec = integrationSpec((deps, next: BotTurnPayload, delaySeconds) =>
  integrationRetryJob.send(deps.jobs, next, { startAfterSeconds: delaySeconds }),
);

/** Queues the first try for a customer message, in the caller's transaction, run right after its commit. */
export function startIntegrationTurn(jobs: JobQueue, tx: HookedTx, ticketId: number, messageId: number): Promise<void> {
  return integrationTurnJob.send(
    jobs,
    { ticketId, messageId, deliveryId: randomUUID(), attempt: 1 },
    { tx, runAfterCommit: true, startAfterSeconds: FALLBACK_AFTER_SECONDS },
  );
}
