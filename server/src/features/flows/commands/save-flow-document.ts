import { type FlowDocument, findFlowGraphProblem } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { flows } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { announceFlow } from '../events';
import { presentFlowDetail, presentFlowSummary } from '../presenter';
import { keepNodeSecrets } from '../node-secrets';
import { findFlow } from '../queries';
import { assertNodesInPlan } from '../rules';

/**
 * POST /flowbuilder/flow: the editor's whole drawing replaces the stored one, after the graph rules
 * (findFlowGraphProblem). A refusal is 400 with the ERR_FLOW_* code and the node or edge it is about,
 * which the editor names in its message. A paid node the plan lacks is refused (rules.ts); a node's
 * secret the editor leaves empty keeps the stored one (node-secrets.ts). The runtime reads the document
 * when a walk reaches a node.
 */
export async function saveFlowDocument(ctx: RequestContext, flowId: number, doc: FlowDocument) {
  const problem = findFlowGraphProblem(doc);
  if (problem) {
    const { code, ...where } = problem;
    throw new AppError(code, 400, where);
  }
  return ctx.transaction(async (tx) => {
    const stored = await findFlow(tx, ctx.companyId, flowId);
    await assertNodesInPlan(tx, ctx.companyId, doc);
    const { nodes, connections } = keepNodeSecrets(doc, stored.flow);
    const [row] = await tx
      .update(flows)
      .set({ flow: { nodes, connections }, updatedAt: new Date() })
      .where(and(eq(flows.companyId, ctx.companyId), eq(flows.id, flowId)))
      .returning();
    announceFlow(tx, ctx.realtime, ctx.companyId, 'update', presentFlowSummary(row));
    return presentFlowDetail(row);
  });
}
