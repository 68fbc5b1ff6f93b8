import { mayAccess, type PlanSwitches, screenOf } from '@chatflow/contract';
import { useAuth } from '../providers/AuthProvider';

/**
 * Whether the signed-in user may open a screen of the contract's SCREENS (its whole rule: role, flag,
 * plan, subscription): a page shows a link to another screen only to those the link would not refuse.
 */
export function useCanOpen(path: string): boolean {
  const { user, subscriptionValid } = useAuth();
  if (!user) return false;
  const actor = { ...user, allHistoric: user.allHistoric ?? 'disabled' };
  return mayAccess(screenOf(path).access, { actor, plan: (user.company.plan ?? {}) as PlanSwitches, subscriptionValid });
}
