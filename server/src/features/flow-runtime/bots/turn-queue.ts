import { z } from 'zod';
import type { FlowRunRow, FlowRunWait } from '../../../db/schema';
import type { HookedTx } from '../../../http/context';
import { declareJob, type JobDeps } from '../../../jobs/define';

/**
 * The bot-turn jobs as their senders see them: the step and the answer queue a turn when a run reaches or
 * waits on a bot node. Their handler (bots/job.ts) imports the step, so the jobs are declared here and
 * handled there (declareJob), and no module imports one that imports it back.
 */
const BOT_WAITS = ['typebot', 'openai'] as const;
type BotWait = (typeof BOT_WAITS)[number];

/** Whether a waiting run talks with a bot node (each customer message is the bot's), not a menu or question. */
export const isBotWait = (waitingFor: FlowRunWait | null): waitingFor is BotWait =>
  waitingFor !== null && (BOT_WAITS as readonly string[]).includes(waitingFor);

export const FlowBotPayload = z.object({
  runId: z.number().int().positive(),
  /** The run's version when the turn was queued: a newer customer message (or any move) makes this turn stale. */
  version: z.number().int().nonnegative(),
  /** The customer's message; null when the run just reached the node. */
  messageId: z.number().int().positive().nullable(),
  attempt: z.number().int().min(1).max(10),
});
export type FlowBotPayload = z.infer<typeof FlowBotPayload>;

/** How long the stored copy of a turn waits: the turn runs in this process right after the commit; the copy is the fallback. */
const FALLBACK_AFTER_SECONDS = 30;

/** One turn of a bot node: the bot is asked, then its answer is written (bots/settle.ts). */
export const flowBotTurn = declareJob({
  name: 'flow.bot',
  payload: FlowBotPayload,
  retry: { limit: 5, backoffSeconds: 5 },
});

/** A later try of a turn whose bot did not answer (timeout, 5xx, 429), after its backoff (a timer: a restart keeps it). */
export const flowBotRetry = declareJob({
  name: 'flow.bot-retry',
  payload: FlowBotPayload,
  timer: true,
});

/** Queues a bot node's turn for the run as it now stands, in the caller's transaction, run right after its commit. */
export async function queueBotTurn(tx: HookedTx, deps: Pick<JobDeps, 'jobs'>, run: FlowRunRow, messageId: number | null) {
  await flowBotTurn.send(
    deps.jobs,
    { runId: run.id, version: run.version, messageId, attempt: 1 },
    { tx, runAfterCommit: true, startAfterSeconds: FALLBACK_AFTER_SECONDS, singletonKey: `flow-bot-${run.id}-${run.version}` },
  );
}
