import { isAdmin, mayAccess, type PlanSwitches, screenOf } from '@chatflow/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../providers/AuthProvider';
import { PlanGate } from './PlanGate';

/**
 * A screen of the contract's SCREENS, opened only by whom its rule lets in (the side menu offers it to
 * the same people): without a valid subscription an admin goes to /financeiro and anyone else to
 * /tickets (spec 1 §4.3); a profile the rule refuses gets the 403 page (spec 1 §2.1), except that other
 * admins are sent from /allConnections to /tickets (spec 2 §2); a plan without the screen's switch is
 * told so and sent to / (PlanGate, spec 1 §8).
 */
export function ScreenGuard({ path, children }: { path: string; children: ReactNode }) {
  const { user, subscriptionValid } = useAuth();
  if (!user) return null;
  const { access } = screenOf(path);
  const actor = { ...user, allHistoric: user.allHistoric ?? 'disabled' };
  const allPlans = { plan: new Proxy({}, { get: () => true }) as PlanSwitches };
  if (access.paid && !subscriptionValid) return <Navigate to={isAdmin(actor) ? '/financeiro' : '/tickets'} replace />;
  // The role first, on any plan: the plan's refusal is for those the role lets in.
  if (!mayAccess({ ...access, plan: undefined }, { actor, ...allPlans, subscriptionValid })) {
    const to = path === '/allConnections' && isAdmin(actor) ? '/tickets' : '/403';
    return <Navigate to={to} replace />;
  }
  return access.plan ? <PlanGate feature={access.plan}>{children}</PlanGate> : children;
}
