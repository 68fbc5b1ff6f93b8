import { type FlowDocument, findFlowGraphProblem } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { flows } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { announceFlow } from '../events';
import { presentFlowDetail, presentFlowSummary } from '../presenter';
import { findFlow } from '../queries';

/**
 * POST /flowbuilder/flow: the editor's whole drawing replaces the stored one, after the graph rules
 * (findFlowGraphProblem). A refusal is 400 with the ERR_FLOW_* code and the node or edge it is about,
 * which the editor names in its message. The runtime reads the document when a walk reaches a node.
 */
export async function saveFlowDocument(ctx: RequestContext, flowId: number, doc: FlowDocument) {
  const problem = findFlowGraphProblem(doc);
  if (problem) {
    const { code, ...where } = problem;
    throw new AppError(code, 400, where);
  }
  return ctx.transaction(async (tx) => {
    await findFlow(tx, ctx.companyId, flowId);
    const [row] = await tx
      .update(flows)
      .set({ flow: { nodes: doc.nodes, connections: doc.connections }, updatedAt: new Date() })
      .where(and(eq(flows.companyId, ctx.companyId), eq(flows.id, flowId)))
      .returning();
    announceFlow(tx, ctx.realtime, ctx.companyId, 'update', presentFlowSummary(row));
    return presentFlowDetail(row);
  });
}
