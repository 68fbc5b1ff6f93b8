import { z } from 'zod';
import { transactionRunner } from '../../../http/context';
import { defineJob, type JobDeps } from '../../../jobs/define';
import { completeStep } from './complete';
import { gateStep } from './gate';
import { handOver, type NextStep } from './hand-over';
import { planStep } from './plan';
import { sendRows } from './send';

/** Steps one job run takes in this process before handing on to a fresh job (a run stays short). */
const STEPS_PER_RUN = 50;

type StepOutcome = { continueWith: number } | null;

/**
 * One campaign's dispatch, a chain of steps. Each step is a job {campaignId, seq}, in five parts, one
 * file each: its gate (gate.ts: a stale or duplicate job, or one of a cancelled campaign, stops there);
 * its plan (plan.ts: it moves the campaign's dispatchSeq from seq to seq+1, claims its row(s) and writes
 * the job of the next step, all in one transaction); its sends (send.ts, outside any transaction); its
 * completion (complete.ts: the claims completed with the provider's message ids in a second
 * transaction, which also records each sent message in the contact's ticket, record.ts); and its hand
 * over (hand-over.ts). A crash after the claim leaves the rows claimed: after the lease a later step
 * claims them again and sends with the same idempotency key, so the provider answers with the first
 * message instead of sending another. Every step's transaction writes the job of the step after it, so
 * the chain's newest step always has a job: when its successor runs here at once, that job is a backup
 * due a lease later, which takes the chain over should this process die in the step. Pacing, sending
 * hours and weekends are the delay of the next step's job, so they hold across restarts; each step
 * costs the same few queries whatever the campaign's size.
 */
export const dispatchStepJob = defineJob({
  name: 'campaign.dispatch',
  payload: z.object({ campaignId: z.number().int().positive(), seq: z.number().int().min(0) }),
  retry: { limit: 5, backoffSeconds: 10 },
  // A worker that dies before its step commits leaves only this job, taken back after the lease.
  expireInSeconds: (config) => config.campaignClaimLeaseSeconds,
  timer: true,
  async run({ campaignId, seq }, deps) {
    // A run hands on within half a lease, so a worker alive and well never outlives its job's expiry.
    const handOnBy = deps.clock.now().getTime() + (deps.config.campaignClaimLeaseSeconds * 1000) / 2;
    let current = seq;
    for (let i = 0; i < STEPS_PER_RUN; i++) {
      const last = i === STEPS_PER_RUN - 1 || deps.clock.now().getTime() >= handOnBy;
      const outcome = await dispatchStep(deps, campaignId, current, last);
      if (!outcome) return;
      current = outcome.continueWith;
    }
  },
});

/** One step: gate, plan, send, complete, hand over. Answers the seq to go on with in this run, or null. */
export async function dispatchStep(deps: JobDeps, campaignId: number, stepSeq: number, lastOfRun: boolean): Promise<StepOutcome> {
  const gate = await gateStep(deps, campaignId, stepSeq);
  if (!gate) return null;
  const { seq } = gate;
  const now = deps.clock.now();
  const next: NextStep = (options) => dispatchStepJob.send(deps.jobs, { campaignId, seq: seq + 1 }, options);
  const transaction = transactionRunner(deps.db, deps.log);

  const plan = await transaction((tx) => planStep(tx, deps, gate, now, lastOfRun, next));
  if (!plan) return null;

  const done = await sendRows(deps, gate.provider!, plan.campaign, gate.settings, plan.rows);
  await completeStep(deps, transaction, plan, gate.connection!, done);
  await handOver(next, plan);
  return plan.goOnHere ? { continueWith: seq + 1 } : null;
}
