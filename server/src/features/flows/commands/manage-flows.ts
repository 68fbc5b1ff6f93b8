import type { FlowSummaryView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { connections, flows } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceFlow, announceFlowDeleted } from '../events';
import { presentFlowSummary } from '../presenter';
import { findFlow } from '../queries';

/** POST /flowbuilder {name}: an empty, active flow owned by the caller (the editor starts it with its start node). */
export async function createFlow(ctx: RequestContext, name: string): Promise<FlowSummaryView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.insert(flows).values({ companyId: ctx.companyId, userId: ctx.actor.id, name, flow: null }).returning();
    const view = presentFlowSummary(row);
    announceFlow(tx, ctx.realtime, ctx.companyId, 'create', view);
    return view;
  });
}

/** PUT /flowbuilder {name, flowId, active?}: an absent `active` leaves the switch as it was. */
export async function renameFlow(ctx: RequestContext, flowId: number, name: string, active?: boolean): Promise<FlowSummaryView> {
  return ctx.transaction(async (tx) => {
    await findFlow(tx, ctx.companyId, flowId);
    const [row] = await tx
      .update(flows)
      .set({ name, ...(active === undefined ? {} : { active }), updatedAt: new Date() })
      .where(and(eq(flows.companyId, ctx.companyId), eq(flows.id, flowId)))
      .returning();
    const view = presentFlowSummary(row);
    announceFlow(tx, ctx.realtime, ctx.companyId, 'update', view);
    return view;
  });
}

/** POST /flowbuilder/duplicate {flowId}: a copy of the name and the whole drawing, owned by the caller. */
export async function duplicateFlow(ctx: RequestContext, flowId: number): Promise<FlowSummaryView> {
  return ctx.transaction(async (tx) => {
    const source = await findFlow(tx, ctx.companyId, flowId);
    const [row] = await tx
      .insert(flows)
      .values({ companyId: ctx.companyId, userId: ctx.actor.id, name: source.name, active: source.active, flow: source.flow })
      .returning();
    const view = presentFlowSummary(row);
    announceFlow(tx, ctx.realtime, ctx.companyId, 'create', view);
    return view;
  });
}

/**
 * DELETE /flowbuilder/{id}. "Todas as integrações relacionados serão perdidos" (spec 3 §2): connections
 * that started this flow on welcome or on a missed phrase stop referring to it. Uploaded media stays:
 * a duplicate of the flow may use the same files.
 */
export async function deleteFlow(ctx: RequestContext, flowId: number): Promise<void> {
  const companyId = ctx.companyId;
  await ctx.transaction(async (tx) => {
    await findFlow(tx, companyId, flowId);
    await tx
      .update(connections)
      .set({ flowIdWelcome: null })
      .where(and(eq(connections.companyId, companyId), eq(connections.flowIdWelcome, flowId)));
    await tx
      .update(connections)
      .set({ flowIdNotPhrase: null })
      .where(and(eq(connections.companyId, companyId), eq(connections.flowIdNotPhrase, flowId)));
    await tx.delete(flows).where(and(eq(flows.companyId, companyId), eq(flows.id, flowId)));
    announceFlowDeleted(tx, ctx.realtime, companyId, flowId);
  });
}
