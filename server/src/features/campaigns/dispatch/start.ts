import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { campaigns } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import { defineJob } from '../../../jobs/define';
import { announceCampaign } from '../events';
import { prepareShipping } from './prepare';
import { dispatchStepJob } from './step';

/**
 * Starts a PROGRAMADA campaign at its scheduledAt: writes its shipping rows and moves it to
 * EM_ANDAMENTO in one transaction with the first dispatch step. Sent at once when the campaign is
 * saved; a campaign not yet due sends this job again as a timer for its time (the job reads the
 * clock, the request does not). Only the run that moves the status prepares; others change nothing.
 */
export const startCampaignJob = defineJob({
  name: 'campaign.start',
  payload: z.object({ campaignId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 10 },
  timer: true,
  async run({ campaignId }, deps) {
    const [c] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (c?.status !== 'PROGRAMADA' || !c.scheduledAt) return;
    const now = deps.clock.now();
    const wait = c.scheduledAt.getTime() - now.getTime();
    if (wait > 0) {
      await startCampaignJob.send(deps.jobs, { campaignId }, { startAfterSeconds: Math.ceil(wait / 1000) });
      return;
    }
    const transaction = transactionRunner(deps.db, deps.log);
    await transaction(async (tx) => {
      const [started] = await tx
        .update(campaigns)
        .set({ status: 'EM_ANDAMENTO' })
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'PROGRAMADA'), eq(campaigns.scheduledAt, c.scheduledAt!)))
        .returning();
      if (!started) return;
      const written = await prepareShipping(tx, started);
      await tx.update(campaigns).set({ contactsCount: written, deliveredCount: 0 }).where(eq(campaigns.id, campaignId));
      await dispatchStepJob.send(deps.jobs, { campaignId, seq: started.dispatchSeq }, { tx });
      tx.afterCommit(() => announceCampaign(deps.db, deps.realtime, campaignId));
    });
  },
});
