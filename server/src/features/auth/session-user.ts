import { effectiveDueDate, PLAN_SWITCHES, type SessionUserView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, plans, type UserRow } from '../../db/schema';
import { listCompanySettings } from '../settings/service';
import { presentUser } from '../users/presenter';
import { queuesOfUser } from '../users/queries';

/** The user as login, refresh and /auth/me return it: with company, due date, settings and plan switches. */
export async function sessionUserView(db: DbOrTx, user: UserRow): Promise<SessionUserView> {
  const [[row], queues, settings] = await Promise.all([
    db.select({ company: companies, plan: plans }).from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, user.companyId)),
    queuesOfUser(db, user.id),
    listCompanySettings(db, user.companyId),
  ]);
  const plan = row.plan
    ? { id: row.plan.id, name: row.plan.name, ...Object.fromEntries(PLAN_SWITCHES.map((s) => [s, row.plan![s]])) }
    : null;
  return {
    ...presentUser(user, queues),
    company: {
      id: row.company.id,
      name: row.company.name,
      dueDate: effectiveDueDate(row.company.id, row.company.dueDate),
      settings,
      plan: plan as SessionUserView['company']['plan'],
    },
  };
}
