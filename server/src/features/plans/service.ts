import { PLAN_SWITCHES, type PlanSwitches } from '@chatflow/contract';
import { asc, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '../../db/client';
import { companies, type PlanRow, plans } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * Plan reads other features use (companies, signup). Plans are platform-wide rows: they carry no
 * company id, and only the super user changes them.
 */
export async function listPlans(db: DbOrTx, opts: { onlyPublic: boolean }): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(opts.onlyPublic ? eq(plans.isPublic, true) : undefined)
    .orderBy(asc(plans.id));
}

export async function findPlanRow(db: DbOrTx, id: number): Promise<PlanRow | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id));
  return plan ?? null;
}

export async function findPlan(db: DbOrTx, id: number): Promise<PlanRow> {
  const plan = await findPlanRow(db, id);
  if (!plan) throw notFound();
  return plan;
}

/**
 * The plan a form chose, or a validation error on its `planId` field: an unknown plan is a mistake
 * in the form (400 with the field), not a missing resource.
 */
export async function planForForm(db: DbOrTx, planId: number): Promise<PlanRow> {
  const plan = await findPlanRow(db, planId);
  if (!plan) {
    throw new ZodError([{ code: 'custom', path: ['planId'], message: 'validation.required', input: planId }]);
  }
  return plan;
}

/** The switches of a company's plan; all off for a company without a plan (nothing paid is assumed). */
export async function companyPlanSwitches(db: DbOrTx, companyId: number): Promise<PlanSwitches> {
  const [row] = await db
    .select({ plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return Object.fromEntries(PLAN_SWITCHES.map((s) => [s, row?.plan[s] ?? false])) as PlanSwitches;
}
