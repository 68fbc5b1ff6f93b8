import type { CampaignSettingsValues } from '@chatflow/contract';
import type { JobSendOptions, JobTx } from '../../../jobs/define';
import type { ClaimedRow } from './claim';
import { delayAfter } from './pacing';

/**
 * Sends the job of the chain's next step (seq + 1) with these options. The job (step.ts) hands it to
 * the steps, so none of them imports the job that imports them.
 */
export type NextStep = (options: JobSendOptions) => Promise<void>;

/** The next step's job, due in `seconds` (at least one), written in the step's transaction. */
export const nextStepIn = (next: NextStep, tx: JobTx, seconds: number) => next({ tx, startAfterSeconds: Math.max(1, Math.ceil(seconds)) });

/** How the chain goes on after this step's sends: here in this run, or in a fresh run this step hands over to. */
export interface Continuation {
  goOnHere: boolean;
  handOn: boolean;
}

/**
 * Writes, in the transaction that claimed `rows`, the job of the step after them: the paced next step
 * when the settings ask for a delay; otherwise the next step runs here once the sends are done (in this
 * run, or a fresh one at its end), and this job is a backup due just after this step's claims expire,
 * which takes the chain over should the process die first.
 */
export async function chainAfterClaim(
  tx: JobTx,
  next: NextStep,
  settings: CampaignSettingsValues,
  rows: ClaimedRow[],
  leaseSeconds: number,
  lastOfRun: boolean,
): Promise<Continuation> {
  const delay = delayAfter(settings, rows[rows.length - 1].position);
  if (delay > 0)
    await next({ tx, startAfterSeconds: delay }); // the paced next step
  else await nextStepIn(next, tx, leaseSeconds + 1);
  return { goOnHere: delay === 0 && !lastOfRun, handOn: delay === 0 && lastOfRun };
}

/** The last step of a run hands over: the next run starts here at once; the backup its step wrote is its stored fallback. */
export async function handOver(next: NextStep, continuation: Continuation): Promise<void> {
  if (continuation.handOn) await next({ runAfterCommit: true, unstored: true });
}
