import { effectiveDueDate, PLAN_SWITCHES, type QueueRef, type SessionUserView } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, plans, type UserRow } from '../../db/schema';
import { presentUser } from '../users/presenter';

/**
 * The user as login, refresh and /auth/me return it: with company, due date, settings, plan switches
 * and queues. One statement: /auth/me is the hottest authenticated call.
 */
export async function sessionUserView(db: DbOrTx, user: UserRow): Promise<SessionUserView> {
  const [row] = await db.select({
    company: { id: companies.id, name: companies.name, dueDate: companies.dueDate },
    plan: plans,
    settings: sql<{ key: string; value: string }[]>`(
      select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value) order by s.key), '[]'::json)
      from settings s where s.company_id = ${companies.id})`,
    queues: sql<QueueRef[]>`(
      select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
        order by q.order_queue nulls last, q.name), '[]'::json)
      from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = ${user.id})`,
  }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, user.companyId));

  const plan = row.plan
    ? { id: row.plan.id, name: row.plan.name, ...Object.fromEntries(PLAN_SWITCHES.map((s) => [s, row.plan![s]])) }
    : null;
  return {
    ...presentUser(user, row.queues),
    company: {
      id: row.company.id,
      name: row.company.name,
      dueDate: effectiveDueDate(row.company.id, row.company.dueDate),
      settings: row.settings,
      plan: plan as SessionUserView['company']['plan'],
    },
  };
}
