import { and, eq } from 'drizzle-orm';
import { flowRuns, flows, type TicketRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { startNode } from './document';
import { queueStep } from './step';

export type FlowTrigger = 'welcome' | 'phrase' | 'notPhrase' | 'queue';

/**
 * Starts `flowId` on the ticket in the caller's transaction (the caller holds the ticket's lock): a run
 * at the start node and its first step job commit together. Nothing starts for a flow of another
 * company, an inactive one, one never saved or without a start node. Returns whether a run started.
 */
export async function startFlowRun(tx: HookedTx, deps: Pick<JobDeps, 'jobs'>, ticket: TicketRow, flowId: number, trigger: FlowTrigger) {
  const [flow] = await tx
    .select()
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.companyId, ticket.companyId)));
  const start = flow?.active && flow.flow ? startNode(flow.flow) : undefined;
  if (!flow || !start) return false;
  const [run] = await tx
    .insert(flowRuns)
    .values({ companyId: ticket.companyId, ticketId: ticket.id, flowId: flow.id, trigger, nodeId: start.id })
    .returning();
  await queueStep(tx, deps, run, 0);
  return true;
}
