import type { FlowCampaignInput, FlowCampaignUpdateInput, FlowCampaignView } from '@chatflow/contract';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { connections, flowCampaigns, flows } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { announceFlowCampaign, announceFlowCampaignDeleted } from '../events';
import { phraseKey } from '../phrase';
import { presentFlowCampaign } from '../presenter';
import { findFlowCampaign } from '../queries';

type CampaignData = z.output<typeof FlowCampaignInput>;
type CampaignUpdate = z.output<typeof FlowCampaignUpdateInput>;

/** The flow and the connection must be the caller's company's: another company's id is refused like an unknown one. */
async function assertOwnLinks(tx: Tx, companyId: number, input: CampaignData): Promise<void> {
  const [flow] = await tx
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, input.flowId)));
  if (!flow) throw new AppError('ERR_NOT_FOUND', 404);
  if (input.whatsappId === null) return;
  const [connection] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, input.whatsappId)));
  if (!connection) throw new AppError('ERR_NOT_FOUND', 404);
}

const fields = (input: CampaignData) => ({
  name: input.name,
  flowId: input.flowId,
  connectionId: input.whatsappId,
  phrase: input.phrase,
  phraseKey: phraseKey(input.phrase),
});

/** POST /flowcampaign: a new campaign is active (creation sends no status, spec 3 §4). */
export function createFlowCampaign(ctx: RequestContext, input: CampaignData): Promise<FlowCampaignView> {
  return ctx.transaction(async (tx) => {
    await assertOwnLinks(tx, ctx.companyId, input);
    const [row] = await tx
      .insert(flowCampaigns)
      .values({ companyId: ctx.companyId, ...fields(input), status: true })
      .returning();
    const view = presentFlowCampaign(row);
    announceFlowCampaign(tx, ctx.realtime, ctx.companyId, 'create', view);
    return view;
  });
}

/** PUT /flowcampaign {id, ...}: every field is replaced; status only when sent. */
export function updateFlowCampaign(ctx: RequestContext, input: CampaignUpdate): Promise<FlowCampaignView> {
  return ctx.transaction(async (tx) => {
    await findFlowCampaign(tx, ctx.companyId, input.id);
    await assertOwnLinks(tx, ctx.companyId, input);
    const [row] = await tx
      .update(flowCampaigns)
      .set({ ...fields(input), ...(input.status === undefined ? {} : { status: input.status }), updatedAt: new Date() })
      .where(and(eq(flowCampaigns.companyId, ctx.companyId), eq(flowCampaigns.id, input.id)))
      .returning();
    const view = presentFlowCampaign(row);
    announceFlowCampaign(tx, ctx.realtime, ctx.companyId, 'update', view);
    return view;
  });
}

/** DELETE /flowcampaign/{id}: runs it started keep going (they belong to their flow, not to the campaign). */
export function deleteFlowCampaign(ctx: RequestContext, id: number): Promise<void> {
  return ctx.transaction(async (tx) => {
    await findFlowCampaign(tx, ctx.companyId, id);
    await tx.delete(flowCampaigns).where(and(eq(flowCampaigns.companyId, ctx.companyId), eq(flowCampaigns.id, id)));
    announceFlowCampaignDeleted(tx, ctx.realtime, ctx.companyId, id);
  });
}
