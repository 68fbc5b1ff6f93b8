import { type Actor, hasPermission, isSubscriptionValid, type Permission, type PlanSwitch } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { companies, plans } from '../db/schema';
import { AppError, forbidden } from './errors';

/**
 * Route guards, used after `app.authenticate` in a route's preHandler list. Each states one rule
 * of spec 1 §6 / spec 2 §6; the web app hides what these refuse, but these are what protect.
 *
 * Every guard here needs only the login (and the path's raw parameters), never the body: login-first.ts
 * moves a route's leading guards to onRequest, so a refused caller gets its 401/403 before the body is
 * read or validated. A guard made elsewhere joins them through `loginGuard`.
 */
export type Guard = (req: FastifyRequest) => Promise<void>;
const LOGIN_GUARDS = new WeakSet<object>();

/** Marks a guard that reads nothing of the request but its login and raw path parameters. */
export function loginGuard(guard: Guard): Guard {
  LOGIN_GUARDS.add(guard);
  return guard;
}
export const isLoginGuard = (fn: unknown) => typeof fn === 'function' && LOGIN_GUARDS.has(fn);

export const requirePermission = (permission: Permission) =>
  loginGuard(async (req) => {
    if (!hasPermission(req.ctx.actor, permission)) throw forbidden();
  });

export const requireAdmin = requirePermission('drawer-admin-items:view');

export const requireSuper = loginGuard(async (req) => {
  if (!req.ctx.actor.super) throw forbidden();
});

/** For the rules where a profile user counts as admin through a flag (showDashboard, allowRealTime, …). */
export const requireActor = (rule: (a: Actor) => boolean) =>
  loginGuard(async (req) => {
    if (!rule(req.ctx.actor)) throw forbidden();
  });

/** Company and plan of the caller, read once per request. */
export async function companyAndPlan(req: FastifyRequest) {
  const cached = (req as FastifyRequest & { companyPlan?: unknown }).companyPlan;
  if (cached) return cached as Awaited<ReturnType<typeof load>>;
  const loaded = await load(req);
  (req as FastifyRequest & { companyPlan?: unknown }).companyPlan = loaded;
  return loaded;
}
async function load(req: FastifyRequest) {
  const [row] = await req.ctx.db
    .select({ company: companies, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, req.ctx.companyId));
  if (!row) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return row;
}

/** Sections other than the basics work only while the subscription is valid (spec 1 §6). */
export const requireActiveSubscription = loginGuard(async (req) => {
  const { company } = await companyAndPlan(req);
  if (!isSubscriptionValid(company.id, company.dueDate, company.timeZone)) {
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
  }
});

export const requirePlan = (feature: PlanSwitch) =>
  loginGuard(async (req) => {
    const { plan } = await companyAndPlan(req);
    if (!plan?.[feature]) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
  });
