import type { CampaignView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { campaigns } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { dispatchStepJob } from '../dispatch/step';
import { announceCampaign } from '../events';
import { campaignView, findCampaign } from '../queries';

/**
 * POST /campaigns/:id/cancel (only EM_ANDAMENTO, spec 3 §4). The dispatch's next step finds the status
 * changed and stops; a send already claimed completes, nothing new is claimed.
 */
export async function cancelCampaign(ctx: RequestContext, id: number): Promise<CampaignView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'CANCELADA' })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId), eq(campaigns.status, 'EM_ANDAMENTO')))
      .returning();
    if (!row) {
      await findCampaign(tx, ctx.companyId, id);
      throw new AppError('ERR_CAMPAIGN_STATUS', 400);
    }
    tx.afterCommit(() => announceCampaign(ctx.db, ctx.realtime, id));
    return campaignView(tx, ctx.companyId, id);
  });
}

/**
 * POST /campaigns/:id/restart (only CANCELADA): back to EM_ANDAMENTO, and a new dispatch step with a
 * fresh number, so any step of the cancelled run still queued changes nothing. A campaign cancelled
 * before it was ever prepared (no rows) finishes at its first step.
 */
export async function restartCampaign(ctx: RequestContext, id: number): Promise<CampaignView> {
  return ctx.transaction(async (tx) => {
    const before = await findCampaign(tx, ctx.companyId, id);
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'EM_ANDAMENTO', dispatchSeq: before.dispatchSeq + 1, completedAt: null })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId), eq(campaigns.status, 'CANCELADA')))
      .returning();
    if (!row) throw new AppError('ERR_CAMPAIGN_STATUS', 400);
    await dispatchStepJob.send(ctx.jobs, { campaignId: id, seq: row.dispatchSeq }, { tx });
    tx.afterCommit(() => announceCampaign(ctx.db, ctx.realtime, id));
    return campaignView(tx, ctx.companyId, id);
  });
}
