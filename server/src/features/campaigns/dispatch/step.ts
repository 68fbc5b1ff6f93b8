import { type CampaignSettingsValues, campaignMessages, renderCampaignMessage } from '@chatflow/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ChannelProvider } from '../../../channels/types';
import { type CampaignRow, type ConnectionRow, campaigns, companies, connections } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { defineJob, type JobDeps } from '../../../jobs/define';
import { announceCampaign } from '../events';
import { readCampaignSettings } from '../settings';
import { type ClaimedRow, type Completion, claimRows, completeRows, hasOpenRows } from './claim';
import { delayAfter, sendsInBatches } from './pacing';
import { campaignAttachment, campaignPayloads, type SentPart, sendPayloads } from './payloads';
import { recordInTickets } from './record';
import { nextSendingTime } from './sending-window';

/**
 * Rows one step sends when every interval is zero. A step's fixed cost (its two transactions and the
 * campaign's event) is paid per step: 100 rows a step sent 166 a second, 250 sent 220, 500 sent 252
 * (bench campaigns, 30,000 contacts); a step of 500 still ends long before its claims' lease.
 */
export const DISPATCH_BATCH = 500;
/** Steps one job run takes in this process before handing on to a fresh job (a run stays short). */
const STEPS_PER_RUN = 50;
/** A connection that is away is looked at again after this long. */
const RETRY_SECONDS = 60;

/** The idempotency key of a campaign send: a re-send after a crash is the same message to the provider. */
export const shippingKey = (shippingId: number, part: 'message' | 'confirmation' = 'message') =>
  part === 'message' ? `campaign-${shippingId}` : `campaign-${shippingId}-confirmation`;

type StepOutcome = { continueWith: number } | null;

/**
 * One campaign's dispatch, a chain of steps. Each step is a job {campaignId, seq}; it first moves the
 * campaign's dispatchSeq from seq to seq+1 (a stale or duplicate job, or one of a cancelled campaign,
 * changes nothing and stops), claims its row(s) and writes the job of the next step, all in one
 * transaction; then sends, and completes the claims with the provider's message ids in a second one,
 * which also records each sent message in the contact's ticket (record.ts, the campaign's ticket options).
 * A crash after the claim leaves the rows claimed: after the lease a later step claims them again and
 * sends with the same idempotency key, so the provider answers with the first message instead of
 * sending another. Every step's transaction writes the job of the step after it, so the chain's
 * newest step always has a job: when its successor runs here at once, that job is a backup due a
 * lease later, which takes the chain over should this process die in the step. Pacing, sending hours
 * and weekends are the delay of the next step's job, so they hold across restarts; each step costs
 * the same few queries whatever the campaign's size.
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

/** The campaign with its company's time zone and its connection's state, read before the step's transaction. */
async function loadCampaign(deps: JobDeps, campaignId: number) {
  const [row] = await deps.db
    .select({ campaign: campaigns, timeZone: companies.timeZone, connection: connections })
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .leftJoin(connections, eq(connections.id, campaigns.whatsappId))
    .where(eq(campaigns.id, campaignId));
  return row;
}

async function providerOf(deps: JobDeps, c: CampaignRow, connection: ConnectionRow | null): Promise<ChannelProvider | null> {
  if (!c.whatsappId || connection?.status !== 'CONNECTED') return null;
  try {
    return await deps.channels.providerFor(c.whatsappId);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

export async function dispatchStep(deps: JobDeps, campaignId: number, stepSeq: number, lastOfRun: boolean): Promise<StepOutcome> {
  let seq = stepSeq;
  const lease = deps.config.campaignClaimLeaseSeconds;
  const loaded = await loadCampaign(deps, campaignId);
  if (loaded?.campaign.status !== 'EM_ANDAMENTO') return null;
  if (loaded.campaign.dispatchSeq !== seq) {
    // A stale step: a duplicate, or the backup of a step whose successor ran. The chain's newest step
    // wrote a job of its own, so this one stops; only a chain idle for a lease (a job lost) is taken over.
    const idle = deps.clock.now().getTime() - loaded.campaign.updatedAt.getTime();
    if (idle < lease * 1000) return null;
    seq = loaded.campaign.dispatchSeq;
  }
  const provider = await providerOf(deps, loaded.campaign, loaded.connection);
  const settings = await readCampaignSettings(deps.db, loaded.campaign.companyId);
  const now = deps.clock.now();
  const next = () => ({ campaignId, seq: seq + 1 });
  const transaction = transactionRunner(deps.db, deps.log);

  const plan = await transaction(async (tx) => {
    const [campaign] = await tx
      .update(campaigns)
      .set({ dispatchSeq: seq + 1, updatedAt: now })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.dispatchSeq, seq), eq(campaigns.status, 'EM_ANDAMENTO')))
      .returning();
    if (!campaign) return null;
    const later = (seconds: number) => dispatchStepJob.send(deps.jobs, next(), { tx, startAfterSeconds: Math.max(1, Math.ceil(seconds)) });
    if (!provider) {
      deps.log.warn({ campaignId, whatsappId: campaign.whatsappId }, 'campaign connection unavailable; dispatch waits');
      await later(RETRY_SECONDS);
      return null;
    }
    const openAt = nextSendingTime(now, settings, loaded.timeZone);
    if (openAt.getTime() > now.getTime()) {
      await later((openAt.getTime() - now.getTime()) / 1000);
      return null;
    }
    const rows = await claimRows(tx, campaignId, sendsInBatches(settings) ? DISPATCH_BATCH : 1, now, lease);
    if (rows.length === 0) {
      if (await hasOpenRows(tx, campaignId)) {
        await later(lease); // another worker holds the last claims: look again once they could have expired
        return null;
      }
      await tx.update(campaigns).set({ status: 'FINALIZADA', completedAt: now }).where(eq(campaigns.id, campaignId));
      tx.afterCommit(() => announceCampaign(deps.db, deps.realtime, campaignId));
      return null;
    }
    const delay = delayAfter(settings, rows[rows.length - 1].position);
    const goOnHere = delay === 0 && !lastOfRun;
    if (delay > 0)
      await dispatchStepJob.send(deps.jobs, next(), { tx, startAfterSeconds: delay }); // the paced next step
    // Otherwise the next step runs here once the sends are done (in this run, or a fresh one at its end); this
    // backup is due just after this step's claims expire, and takes the chain over should the process die first.
    else await later(lease + 1);
    return { campaign, rows, goOnHere, handOn: delay === 0 && lastOfRun };
  });
  if (!plan) return null;

  const done = await sendRows(deps, provider!, plan.campaign, settings, plan.rows);
  await transaction(async (tx) => {
    const completed = await completeRows(tx, deps.clock.now(), done);
    // Only the rows this completion moved go into tickets: a row another worker completed after its lease is theirs.
    const byId = new Map(done.map((d) => [d.id, d]));
    const rowsById = new Map(plan.rows.map((r) => [r.id, r]));
    await recordInTickets(
      tx,
      deps,
      plan.campaign,
      loaded.connection!,
      completed.map(({ id }) => ({ to: rowsById.get(id)!, parts: byId.get(id)!.parts })),
    );
    const delivered = completed.filter((r) => !r.awaiting).length;
    if (delivered > 0)
      await tx
        .update(campaigns)
        .set({ deliveredCount: sql`${campaigns.deliveredCount} + ${delivered}` })
        .where(eq(campaigns.id, campaignId));
  });
  await announceCampaign(deps.db, deps.realtime, campaignId);
  // The next run starts here at once; the backup this step wrote is its stored fallback.
  if (plan.handOn) await dispatchStepJob.send(deps.jobs, next(), { runAfterCommit: true, unstored: true });
  return plan.goOnHere ? { continueWith: seq + 1 } : null;
}

/** What one row is sent: its variant with the variables filled in, or that variant's confirmation message first. */
export function shippingText(c: CampaignRow, settings: CampaignSettingsValues, row: ClaimedRow) {
  const index = Math.min(Math.max(row.variant, 1), 5) - 1;
  const message = campaignMessages(c)[index];
  const confirmation = [
    c.confirmationMessage1,
    c.confirmationMessage2,
    c.confirmationMessage3,
    c.confirmationMessage4,
    c.confirmationMessage5,
  ][index];
  const render = (text: string) => renderCampaignMessage(text, row, settings.variables);
  if (c.confirmation && confirmation.trim()) return { text: render(confirmation), awaitingConfirmation: true };
  return { text: render(message), awaitingConfirmation: false };
}

/** A row the provider took: its completion, and the messages to record in the contact's ticket. */
type SentRow = Completion & { parts: SentPart[] };

/**
 * Sends the claimed rows (side by side within a batch). A row whose send fails stays claimed and is
 * sent again after the lease with the same key; the failure is logged, the step goes on.
 */
async function sendRows(deps: JobDeps, provider: ChannelProvider, c: CampaignRow, settings: CampaignSettingsValues, rows: ClaimedRow[]) {
  const attachment = await campaignAttachment(c, deps.config);
  const results = await Promise.all(
    rows.map(async (row): Promise<SentRow | null> => {
      const { text, awaitingConfirmation } = shippingText(c, settings, row);
      // A confirmation request is text alone; the attachment goes with the campaign message itself.
      const payloads = awaitingConfirmation ? campaignPayloads(null, row.number, text) : campaignPayloads(attachment, row.number, text);
      try {
        const key = shippingKey(row.id, awaitingConfirmation ? 'confirmation' : 'message');
        const parts = await sendPayloads(provider, payloads, key);
        return { id: row.id, externalId: parts[0].externalId, awaitingConfirmation, parts };
      } catch (err) {
        deps.log.warn({ err, campaignId: c.id, shippingId: row.id }, 'campaign send failed; the row is sent again after its lease');
        return null;
      }
    }),
  );
  return results.filter((r): r is SentRow => r !== null);
}
