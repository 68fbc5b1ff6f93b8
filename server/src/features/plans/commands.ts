import type { PlanInput, PlanUpdateInput } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, type PlanRow, plans } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { formatAmount } from './presenter';
import { findPlan } from './service';

type PlanFields = z.output<typeof PlanUpdateInput>;

/** Amount is stored as numeric(10,2); normalising here keeps "49.9" and "49.90" one value. */
const toRow = (input: PlanFields) => (input.amount === undefined ? input : { ...input, amount: formatAmount(input.amount) });

export async function createPlan(ctx: RequestContext, input: z.output<typeof PlanInput>): Promise<PlanRow> {
  const [plan] = await ctx.db
    .insert(plans)
    .values({ ...input, amount: formatAmount(input.amount) })
    .returning();
  return plan;
}

export async function updatePlan(ctx: RequestContext, id: number, input: PlanFields): Promise<PlanRow> {
  const current = await findPlan(ctx.db, id);
  const patch = toRow(input);
  if (Object.keys(patch).length === 0) return current;
  const [plan] = await ctx.db.update(plans).set(patch).where(eq(plans.id, id)).returning();
  return plan;
}

/** A plan some company is on cannot go: the company would be left without switches or a price. */
export async function deletePlan(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await findPlan(tx, id);
    const [inUse] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.planId, id)).limit(1);
    if (inUse) throw new AppError('ERR_PLAN_IN_USE', 400);
    await tx.delete(plans).where(eq(plans.id, id));
  });
}
