import { customPlanPrice, type SubscriptionInput } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { plans } from '../../../db/schema';
import { AppError, notFound } from '../../../http/errors';

type Input = z.output<typeof SubscriptionInput>;

/** What a checkout sells: the invoice is priced with it and every charge made for it records it. */
export interface Order {
  detail: string;
  planId: number | null;
  users: number;
  connections: number;
  queues: number;
  /** BRL for the whole recurrence period. */
  value: number;
}

/**
 * The order as the server prices it: a plan's amount, or the custom plan's formula; per recurrence period.
 * A company buys a public plan or the plan it already has; a private plan is the super user's to assign
 * (companies screen), so buying one by its id is ERR_PLAN_NOT_AVAILABLE.
 */
export async function priceOrder(db: DbOrTx, input: Input, months: number, currentPlanId: number): Promise<Order> {
  if (input.plan === 'custom') {
    // The custom plan sets users and connections; queues stay what the company's plan gives.
    const [current] = await db.select({ queues: plans.queues }).from(plans).where(eq(plans.id, currentPlanId));
    return {
      detail: 'Plano personalizado',
      planId: null,
      users: input.users,
      connections: input.connections,
      queues: current?.queues ?? 0,
      value: customPlanPrice(input.users, input.connections) * months,
    };
  }
  const [plan] = await db.select().from(plans).where(eq(plans.id, input.plan));
  if (!plan) throw notFound();
  if (!plan.isPublic && plan.id !== currentPlanId) throw new AppError('ERR_PLAN_NOT_AVAILABLE', 403);
  return {
    detail: plan.name,
    planId: plan.id,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: Number(plan.amount) * months,
  };
}
