import type { FlowDocument } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import { z } from 'zod';
import { connections, type FlowRunRow, flowRuns, flows, tickets } from '../../db/schema';
import { transactionRunner, type HookedTx } from '../../http/context';
import { defineJob, type JobDeps } from '../../jobs/define';
import { nextNodeId, nodeById } from './document';
import { nodeExecutors } from './nodes';
import { isBotWait, queueBotTurn } from './bots/turn-queue';
import type { Outcome, StepContext } from './step-context';

const StepPayload = z.object({ runId: z.number().int().positive(), version: z.number().int().nonnegative() });

/** How long the stored copy of an immediate step waits: the step runs in this process right after the commit; the copy is the fallback. */
const FALLBACK_AFTER_SECONDS = 30;

/** One step of a run (the node at the version it was queued for); a delivery that finds the run moved on does nothing. */
export const flowStepJob = defineJob({
  name: 'flow.step',
  payload: StepPayload,
  retry: { limit: 5, backoffSeconds: 5 },
  worker: { batchSize: 50, concurrency: 8 },
  async run({ runId, version }, deps) {
    await runFlowStep(deps, runId, version);
  },
});

/** The step after an interval: the same step, as a timer due when the wait is over (a restart keeps it in the queue). */
export const flowResumeJob = defineJob({
  name: 'flow.resume',
  payload: StepPayload,
  timer: true,
  retry: { limit: 5, backoffSeconds: 5 },
  worker: { batchSize: 100, concurrency: 8 },
  async run({ runId, version }, deps) {
    await runFlowStep(deps, runId, version);
  },
});

/** Queues the run's next step in the caller's transaction: at once (after the commit), or as a timer after `delaySeconds`. */
export async function queueStep(tx: HookedTx, deps: Pick<JobDeps, 'jobs'>, run: FlowRunRow, delaySeconds: number): Promise<void> {
  const payload = { runId: run.id, version: run.version };
  const key = `flow-${run.id}-${run.version}`;
  if (delaySeconds > 0) {
    await flowResumeJob.send(deps.jobs, payload, { tx, startAfterSeconds: delaySeconds, singletonKey: key });
    return;
  }
  await flowStepJob.send(deps.jobs, payload, { tx, runAfterCommit: true, startAfterSeconds: FALLBACK_AFTER_SECONDS, singletonKey: key });
}

/**
 * A run that moves this many times without the customer saying anything is stopped: a drawing with a
 * loop and no wait would otherwise send forever.
 */
export const MAX_STEPS_WITHOUT_ANSWER = 200;

/** Writes a move of the run (version + 1) and, when it goes on, queues its next step in the same transaction. */
export async function moveRun(
  tx: HookedTx,
  deps: JobDeps,
  run: FlowRunRow,
  change: Partial<Pick<FlowRunRow, 'nodeId' | 'block' | 'status' | 'waitingFor' | 'variables' | 'endReason' | 'quietSteps' | 'botSession'>>,
  delaySeconds = 0,
): Promise<FlowRunRow> {
  const [moved] = await tx
    .update(flowRuns)
    .set({ quietSteps: run.quietSteps + 1, ...change, version: run.version + 1, updatedAt: new Date() })
    .where(eq(flowRuns.id, run.id))
    .returning();
  if (moved.status === 'running') await queueStep(tx, deps, moved, delaySeconds);
  return moved;
}

export const endRun = (tx: HookedTx, deps: JobDeps, run: FlowRunRow, reason: string) =>
  moveRun(tx, deps, run, { status: reason === 'done' ? 'done' : 'stopped', waitingFor: null, endReason: reason });

/** Applies a node's outcome to the run. */
export async function applyOutcome(tx: HookedTx, deps: JobDeps, run: FlowRunRow, doc: FlowDocument, outcome: Outcome): Promise<FlowRunRow> {
  switch (outcome.kind) {
    case 'wait': {
      const waiting = await moveRun(tx, deps, run, { status: 'waiting', waitingFor: outcome.waitingFor });
      // A bot node speaks first (a Typebot greeting, the assistant's answer): its turn is a job of its own.
      if (isBotWait(outcome.waitingFor)) await queueBotTurn(tx, deps, waiting, null);
      return waiting;
    }
    case 'block':
      return moveRun(tx, deps, run, { block: outcome.block }, outcome.delaySeconds);
    case 'end':
      return moveRun(tx, deps, run, {
        status: outcome.reason === 'ticket' ? 'done' : 'stopped',
        waitingFor: null,
        endReason: outcome.reason,
      });
    case 'next': {
      const next = nextNodeId(doc, run.nodeId, outcome.handle ?? 'a');
      if (!next) return moveRun(tx, deps, run, { status: 'done', waitingFor: null, endReason: 'done' });
      return moveRun(tx, deps, run, { nodeId: next, block: 0, status: 'running', waitingFor: null }, outcome.delaySeconds ?? 0);
    }
  }
}

/**
 * Whether a flow may still speak on the ticket: waiting for an agent, none has taken it. An agent's
 * accept (open, userId set) or a close stops the run at its next step or answer.
 */
export const flowMayServe = (ticket: Pick<typeof tickets.$inferSelect, 'status' | 'userId' | 'isGroup'>) =>
  ticket.status === 'pending' && ticket.userId === null && !ticket.isGroup;

/** Why a run may not go on with this ticket. */
const stopReason = (ticket: typeof tickets.$inferSelect) => (ticket.status === 'closed' ? 'closed' : 'human');

/** The run as committed, outside the transaction: which ticket to lock first, and whether the step is still due. */
const peekRunStatement = preparedStatement((db) =>
  db
    .select()
    .from(flowRuns)
    .where(eq(flowRuns.id, sql.placeholder('runId')))
    .prepare('flow_peek_run'),
);

/** The ticket, locked, with its connection: one round trip (a step ran four reads before its work). */
const lockTicketStatement = preparedStatement((db) =>
  db
    .select({ ticket: tickets, connection: connections })
    .from(tickets)
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .where(eq(tickets.id, sql.placeholder('ticketId')))
    .for('update', { of: tickets })
    .prepare('flow_lock_ticket'),
);

/** The run, locked, with its flow's drawing. */
const lockRunStatement = preparedStatement((db) =>
  db
    .select({ run: flowRuns, doc: flows.flow })
    .from(flowRuns)
    .leftJoin(flows, eq(flows.id, flowRuns.flowId))
    .where(eq(flowRuns.id, sql.placeholder('runId')))
    .for('update', { of: flowRuns })
    .prepare('flow_lock_run'),
);

/**
 * Runs `act` in one transaction with the run's ticket and the run locked (ticket first, as the
 * automation turn does), only while `isDue(run)` holds: a delivery that finds the run moved on does
 * nothing. A ticket a flow may no longer serve (taken by an agent, closed) stops the run instead, and a
 * drawing that lost the run's node (or a ticket without its connection) ends it.
 */
export async function withLockedRun(
  deps: JobDeps,
  runId: number,
  isDue: (run: FlowRunRow) => boolean,
  act: (ctx: StepContext) => Promise<void>,
): Promise<void> {
  const [peek] = await peekRunStatement(deps.db).execute({ runId });
  // A run only moves forward (every move bumps its version), so a step the committed run is past stays
  // past: its delivery ends here, without a transaction. Most such deliveries are the stored copy of a
  // step that already ran right after its commit (queueStep), 30 s later.
  if (!peek || !isDue(peek)) return;
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const [locked] = await lockTicketStatement(tx).execute({ ticketId: peek.ticketId });
    const [found] = await lockRunStatement(tx).execute({ runId });
    const ticket = locked?.ticket;
    const run = found?.run;
    if (!ticket || !run || !isDue(run)) return;
    if (!flowMayServe(ticket)) return void (await endRun(tx, deps, run, stopReason(ticket)));
    const { doc } = found;
    const { connection } = locked;
    const node = doc ? nodeById(doc, run.nodeId) : undefined;
    if (!doc || !node || !connection) return void (await endRun(tx, deps, run, 'node-missing'));
    await act({ tx, deps, run, doc, node, ticket, connection });
  });
}

/**
 * One step of a run: the node at `version`, while the run is running. The node's messages, the run's
 * move and its next step job commit together, so a crash before the commit repeats the step whole and a
 * second delivery after it does nothing.
 */
export async function runFlowStep(deps: JobDeps, runId: number, version: number): Promise<void> {
  await withLockedRun(
    deps,
    runId,
    (run) => run.status === 'running' && run.version === version,
    async (ctx) => {
      if (ctx.run.quietSteps >= MAX_STEPS_WITHOUT_ANSWER) return void (await endRun(ctx.tx, deps, ctx.run, 'too-many-steps'));
      const outcome = await nodeExecutors[ctx.node.type](ctx);
      await applyOutcome(ctx.tx, deps, ctx.run, ctx.doc, outcome);
    },
  );
}
