import { randomUUID } from 'node:crypto';
import type { HookedTx } from '../../http/context';
import { defineJob } from '../../jobs/define';
import type { JobQueue } from '../../jobs/queue';
import { type BotTurnPayload, BotTurnPayloadSchema, runBotTurn } from '../integrations';
import { assistantSpec } from './assistant/assistant-turn';

/** One customer message to the ticket's AI assistant (features/integrations/runtime/bot-turn.ts does the rest). */
export const assistantTurnJob = defineJob({
  name: 'assistant.turn',
  payload: BotTurnPayloadSchema,
  async run(payload, deps) {
    await runBotTurn(spec, deps, payload);
  },
});

/** A later try, after its backoff (a timer: tests fire it with their clock). */
export const assistantRetryJob = defineJob({
  name: 'assistant.retry',
  payload: BotTurnPayloadSchema,
  timer: true,
  async run(payload, deps) {
    await runBotTurn(spec, deps, payload);
  },
});

const spec = assistantSpec((deps, next: BotTurnPayload, delaySeconds) =>
  assistantRetryJob.send(deps.jobs, next, { startAfterSeconds: delaySeconds }),
);

const FALLBACK_AFTER_SECONDS = 30;

/** Queues the assistant's answer to a customer message, in the caller's transaction, run right after its commit. */
export function startAssistantTurn(jobs: JobQueue, tx: HookedTx, ticketId: number, messageId: number): Promise<void> {
  return assistantTurnJob.send(
    jobs,
    { ticketId, messageId, deliveryId: randomUUID(), attempt: 1 },
    { tx, runAfterCommit: true, startAfterSeconds: FALLBACK_AFTER_SECONDS },
  );
}
