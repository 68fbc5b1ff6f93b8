import { PLAN_SWITCHES, type PlanSwitches, type PlanView } from '@chatflow/contract';
import type { PlanRow } from '../../db/schema';

/** numeric(10,2) arrives as a string; it always leaves with two decimals ("49.90"). */
export const formatAmount = (amount: string | number) => Number(amount).toFixed(2);

export function planSwitches(p: PlanRow): PlanSwitches {
  return Object.fromEntries(PLAN_SWITCHES.map((s) => [s, p[s]])) as PlanSwitches;
}

/** Whitelist of what leaves the server about a plan. */
export function presentPlan(p: PlanRow): PlanView {
  return {
    id: p.id,
    name: p.name,
    users: p.users,
    connections: p.connections,
    queues: p.queues,
    amount: formatAmount(p.amount),
    isPublic: p.isPublic,
    trialDays: p.trialDays,
    ...planSwitches(p),
  };
}
