import { FLOW_NODE_PLAN_SWITCHES, type FlowNodeType } from '@chatflow/contract';
import type { DbOrTx } from '../../../db/client';
import { companyPlanSwitches } from '../../plans';

/**
 * Whether the company's plan still has the node's switch (OpenAI: useOpenAi, Typebot: useIntegrations).
 * Read at each turn: a drawing saved under a richer plan must not keep a paid bot answering customers.
 */
export async function nodeInPlan(db: DbOrTx, companyId: number, type: FlowNodeType): Promise<boolean> {
  const needed = FLOW_NODE_PLAN_SWITCHES[type];
  return needed === undefined || (await companyPlanSwitches(db, companyId))[needed];
}
