import { and, eq } from 'drizzle-orm';
import { type CampaignRow, campaigns } from '../../../db/schema';
import type { JobDeps, JobTx } from '../../../jobs/define';
import { announceCampaign } from '../events';
import { type ClaimedRow, claimRows, hasOpenRows } from './claim';
import type { Gate } from './gate';
import { type Continuation, chainAfterClaim, type NextStep, nextStepIn } from './hand-over';
import { sendsInBatches } from './pacing';
import { nextSendingTime } from './sending-window';

/**
 * Rows one step sends when every interval is zero. A step's fixed cost (its two transactions and the
 * campaign's event) is paid per step, so larger steps send faster (bench/results/code-figures.md);
 * a step of 500 still ends long before its claims' lease.
 */
export const DISPATCH_BATCH = 500;
/** A connection that is away is looked at again after this long. */
const RETRY_SECONDS = 60;

/** What a step claimed to send, and how the chain goes on after it. */
export interface Plan extends Continuation {
  campaign: CampaignRow;
  rows: ClaimedRow[];
}

/**
 * The step's first transaction: moves the campaign's dispatchSeq from seq to seq+1 (a step that loses
 * that race changes nothing), then either waits (the connection away, outside the sending hours, or
 * another worker holding the last claims: the next step's job is due later), finishes the campaign (no
 * row left), or claims the step's rows and writes the job of the step after them (hand-over.ts).
 */
export async function planStep(tx: JobTx, deps: JobDeps, gate: Gate, now: Date, lastOfRun: boolean, next: NextStep): Promise<Plan | null> {
  const { seq, provider, settings } = gate;
  const campaignId = gate.campaign.id;
  const lease = deps.config.campaignClaimLeaseSeconds;
  const [campaign] = await tx
    .update(campaigns)
    .set({ dispatchSeq: seq + 1, updatedAt: now })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.dispatchSeq, seq), eq(campaigns.status, 'EM_ANDAMENTO')))
    .returning();
  if (!campaign) return null;
  if (!provider) {
    deps.log.warn({ campaignId, whatsappId: campaign.whatsappId }, 'campaign connection unavailable; dispatch waits');
    await nextStepIn(next, tx, RETRY_SECONDS);
    return null;
  }
  const openAt = nextSendingTime(now, settings, gate.timeZone);
  if (openAt.getTime() > now.getTime()) {
    await nextStepIn(next, tx, (openAt.getTime() - now.getTime()) / 1000);
    return null;
  }
  const rows = await claimRows(tx, campaignId, sendsInBatches(settings) ? DISPATCH_BATCH : 1, now, lease);
  if (rows.length === 0) {
    if (await hasOpenRows(tx, campaignId)) {
      await nextStepIn(next, tx, lease); // another worker holds the last claims: look again once they could have expired
      return null;
    }
    await tx.update(campaigns).set({ status: 'FINALIZADA', completedAt: now }).where(eq(campaigns.id, campaignId));
    tx.afterCommit(() => announceCampaign(deps.db, deps.realtime, campaignId));
    return null;
  }
  const continuation = await chainAfterClaim(tx, next, settings, rows, lease, lastOfRun);
  return { campaign, rows, ...continuation };
}
