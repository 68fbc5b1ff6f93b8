import { type CampaignData, type CampaignView, isCampaignEditable } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { campaigns, connections, contactLists, queues, tags, users } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { AppError, notFound } from '../../../http/errors';
import { removeMedia } from '../../messages';
import { startCampaignJob } from '../dispatch/start';
import { announceCampaign, announceCampaignDeleted } from '../events';
import { campaignView, findCampaign } from '../queries';

type Ref = { table: typeof connections | typeof contactLists | typeof tags | typeof users | typeof queues; id: number | null };

/** Every id the campaign names belongs to the caller's company, or 404 (another company's row is not revealed). */
async function assertRefs(tx: HookedTx, companyId: number, input: CampaignData) {
  const refs: Ref[] = [
    { table: connections, id: input.whatsappId },
    { table: contactLists, id: input.contactListId },
    { table: tags, id: input.tagListId },
    { table: users, id: input.userId },
    { table: queues, id: input.queueId },
  ];
  for (const { table, id } of refs) {
    if (!id) continue;
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.companyId, companyId)));
    if (!row) throw notFound();
  }
}

/** The columns a save writes: the form's fields, with the status it implies (spec 3 §4). */
function columnsOf(input: CampaignData) {
  const { companyId: _c, status: _s, scheduledAt, ...fields } = input;
  return { ...fields, scheduledAt: scheduledAt ? new Date(scheduledAt) : null };
}

/** A saved campaign with a time is PROGRAMADA (its start job waits for that time), without one INATIVA. */
async function scheduleIfDue(ctx: RequestContext, tx: HookedTx, id: number, status: string) {
  if (status === 'PROGRAMADA') await startCampaignJob.send(ctx.jobs, { campaignId: id }, { tx });
}

/** POST /campaigns. */
export async function createCampaign(ctx: RequestContext, input: CampaignData): Promise<CampaignView> {
  return ctx.transaction(async (tx) => {
    await assertRefs(tx, ctx.companyId, input);
    const columns = columnsOf(input);
    const status = columns.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    const [row] = await tx
      .insert(campaigns)
      .values({ ...columns, companyId: ctx.companyId, status })
      .returning();
    await scheduleIfDue(ctx, tx, row.id, status);
    tx.afterCommit(() => announceCampaign(ctx.db, ctx.realtime, row.id, 'create'));
    return campaignView(tx, ctx.companyId, row.id);
  });
}

/**
 * PUT /campaigns/:id: only while editable (INATIVA, or PROGRAMADA with more than an hour to go); a
 * CANCELADA campaign may still be saved and keeps its status (restart resumes it).
 */
export async function updateCampaign(ctx: RequestContext, id: number, input: CampaignData): Promise<CampaignView> {
  return ctx.transaction(async (tx) => {
    const before = await findCampaign(tx, ctx.companyId, id);
    if (!isCampaignEditable(before)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 400);
    await assertRefs(tx, ctx.companyId, input);
    const columns = columnsOf(input);
    const status = before.status === 'CANCELADA' ? 'CANCELADA' : columns.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    await tx
      .update(campaigns)
      .set({ ...columns, status })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)));
    await scheduleIfDue(ctx, tx, id, status);
    tx.afterCommit(() => announceCampaign(ctx.db, ctx.realtime, id));
    return campaignView(tx, ctx.companyId, id);
  });
}

/** DELETE /campaigns/:id: its shipping rows go with it; a running dispatch finds nothing left and stops. */
export async function deleteCampaign(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const { mediaPath } = await findCampaign(tx, ctx.companyId, id);
    await tx.delete(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)));
    if (mediaPath) tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, mediaPath));
    tx.afterCommit(() => announceCampaignDeleted(ctx.realtime, ctx.companyId, id));
  });
}
