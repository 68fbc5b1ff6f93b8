import { type Actor, isAdmin } from './permissions';
import type { PlanSwitch, PlanSwitches } from './plans';

/**
 * Who may open a route or a screen (spec 1 §6, spec 2 §6): the one vocabulary of the server's route
 * table and the web's screen table, so a menu entry and the calls behind it answer to the same rule.
 */
export type Who = 'public' | 'member' | 'admin' | 'super';
/** A profile user with this flag enabled counts as admin where a rule names it. */
export type AdminFlag = 'showDashboard' | 'allowRealTime' | 'allowConnections';

export interface AccessRule {
  who: Who;
  flag?: AdminFlag;
  /** The plan switch the company's plan must have. */
  plan?: PlanSwitch;
  /** Works only while the company's subscription is valid (everything but the basics). */
  paid?: boolean;
}

export interface AccessContext {
  actor: Actor | null;
  plan: PlanSwitches;
  subscriptionValid: boolean;
}

export function mayAccess(rule: AccessRule, { actor, plan, subscriptionValid }: AccessContext): boolean {
  if (rule.who === 'public') return true;
  if (!actor) return false;
  if (rule.who === 'super' && !actor.super) return false;
  if (rule.who === 'admin' && !isAdmin(actor) && !(rule.flag && actor[rule.flag] === 'enabled')) return false;
  if (rule.paid && !subscriptionValid) return false;
  return !rule.plan || plan[rule.plan] === true;
}
