import { and, eq } from 'drizzle-orm';
import { contacts, type FlowRunRow, flowRuns, flows, messages, tickets } from '../../../db/schema';
import type { JobDeps } from '../../../jobs/define';
import { BotUnavailable, RETRY_DELAYS_SECONDS, type StoredReply, storeAudio } from '../../integrations';
import { nodeById } from '../document';
import { flowMayServe, withLockedRun } from '../step';
import { nodeInPlan } from './plan';
import { botFailed, botOutOfPlan, settleAnswer } from './settle';
import { openAiNodeAnswer } from './openai';
import type { FlowBotAnswer, FlowBotTurn } from './turn';
import { type FlowBotPayload, flowBotRetry, flowBotTurn, isBotWait } from './turn-queue';
import { typebotNodeAnswer } from './typebot';

/** One turn of a bot node: the bot is asked, then its answer is written (bots/settle.ts). */
export const flowBotJob = flowBotTurn.handledBy((payload, deps) => runFlowBotTurn(deps, payload));

/** A later try of a turn whose bot did not answer (timeout, 5xx, 429), after its backoff (a timer: a restart keeps it). */
export const flowBotRetryJob = flowBotRetry.handledBy((payload, deps) => runFlowBotTurn(deps, payload));

const isCurrent = (run: FlowRunRow, payload: FlowBotPayload) =>
  run.status === 'waiting' && run.version === payload.version && isBotWait(run.waitingFor);

/** What the bot needs, read without locks; null when the turn is stale or the ticket no longer the flow's (settle decides then). */
async function loadTurn(deps: JobDeps, payload: FlowBotPayload): Promise<FlowBotTurn | null> {
  const [row] = await deps.db
    .select({ run: flowRuns, ticket: tickets, contact: contacts, doc: flows.flow })
    .from(flowRuns)
    .innerJoin(tickets, eq(tickets.id, flowRuns.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(flows, eq(flows.id, flowRuns.flowId))
    .where(eq(flowRuns.id, payload.runId));
  if (!row || !isCurrent(row.run, payload) || !flowMayServe(row.ticket)) return null;
  const node = row.doc ? nodeById(row.doc, row.run.nodeId) : undefined;
  if (!node || node.type !== row.run.waitingFor) return null;
  const [message] =
    payload.messageId === null
      ? [null]
      : await deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.id, payload.messageId), eq(messages.ticketId, row.ticket.id)));
  if (message === undefined) return null;
  return { deps, run: row.run, node, ticket: row.ticket, contact: row.contact, message };
}

/**
 * One turn of a typebot or openai node. The bot is called outside any transaction (it may take
 * seconds); its answer is then written with the ticket and the run locked, only if the run still stands
 * where the turn was queued (a second delivery, or a turn overtaken by a newer customer message, writes
 * nothing). A bot that does not answer now is tried again (RETRY_DELAYS_SECONDS, the queue integrations'
 * backoff); one that refuses (a wrong key, a 4xx), or still fails after the last try, is logged on the
 * ticket and the customer handed to a human with a message: never left without an answer. A node the
 * company's plan no longer has is not called at all: the customer goes to a human the same way.
 */
export async function runFlowBotTurn(deps: JobDeps, payload: FlowBotPayload): Promise<void> {
  const turn = await loadTurn(deps, payload);
  const due = (run: FlowRunRow) => isCurrent(run, payload);
  if (!turn) {
    // Stale, or nothing left to talk with: the locked check ends a run whose ticket or node is gone.
    await withLockedRun(deps, payload.runId, due, async () => {});
    return;
  }
  if (!(await nodeInPlan(deps.db, turn.ticket.companyId, turn.node.type))) {
    await withLockedRun(deps, payload.runId, due, (ctx) => botOutOfPlan(ctx));
    return;
  }
  let answer: FlowBotAnswer;
  let stored: StoredReply[];
  try {
    answer = turn.node.type === 'typebot' ? await typebotNodeAnswer(turn) : await openAiNodeAnswer(turn);
    stored = await storeAudio(deps, turn.ticket.companyId, answer.outcome.replies);
  } catch (err) {
    const delay = RETRY_DELAYS_SECONDS[payload.attempt - 1];
    if (err instanceof BotUnavailable && delay !== undefined) {
      deps.log.warn({ err, runId: payload.runId, attempt: payload.attempt, node: turn.node.type }, 'flow bot did not answer; trying again');
      await flowBotRetry.send(deps.jobs, { ...payload, attempt: payload.attempt + 1 }, { startAfterSeconds: delay });
      return;
    }
    deps.log.warn(
      { err, runId: payload.runId, attempt: payload.attempt, node: turn.node.type },
      'flow bot failed; ticket handed to a human',
    );
    await withLockedRun(deps, payload.runId, due, (ctx) => botFailed(ctx, err));
    return;
  }
  await withLockedRun(deps, payload.runId, due, (ctx) => settleAnswer(ctx, answer, stored));
}
