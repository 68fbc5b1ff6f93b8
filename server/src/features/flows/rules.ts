import { FLOW_NODE_PLAN_SWITCHES, type FlowDocument } from '@chatflow/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { companyPlanSwitches } from '../plans';

/**
 * A drawing may hold a paid node (OpenAI, Typebot) only while the company's plan has its switch: the
 * same 403 ERR_PLAN_FEATURE_DISABLED the prompts and integrations routes answer, naming the node.
 */
export async function assertNodesInPlan(db: DbOrTx, companyId: number, doc: FlowDocument): Promise<void> {
  const gated = doc.nodes.filter((n) => FLOW_NODE_PLAN_SWITCHES[n.type]);
  if (gated.length === 0) return;
  const plan = await companyPlanSwitches(db, companyId);
  const refused = gated.find((n) => !plan[FLOW_NODE_PLAN_SWITCHES[n.type] as keyof typeof plan]);
  if (refused) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, { nodeId: refused.id });
}
