import { effectiveDueDate, PLAN_SWITCHES, type QueueRef, type SessionUserView } from '@chatflow/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { companies, type PlanRow, plans, type UserRow, userSessions, users } from '../../db/schema';
import { presentUser } from '../users';
import { liveSessionOf } from '../../auth/sessions';

/** What the session view adds to the user: company, plan, settings and the user's queues. */
const viewColumns = (userId: AnyColumn | SQL | number) => ({
  company: { id: companies.id, name: companies.name, dueDate: companies.dueDate },
  plan: plans,
  settings: sql<{ key: string; value: string }[]>`(
    select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value) order by s.key), '[]'::json)
    from settings s where s.company_id = ${companies.id})`,
  queues: sql<QueueRef[]>`(
    select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
      order by q.order_queue nulls last, q.name), '[]'::json)
    from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = ${userId})`,
});

interface ViewRow {
  company: { id: number; name: string; dueDate: string | null };
  plan: PlanRow | null;
  settings: { key: string; value: string }[];
  queues: QueueRef[];
}

function toView(user: UserRow, row: ViewRow): SessionUserView {
  const plan = row.plan
    ? { id: row.plan.id, name: row.plan.name, ...Object.fromEntries(PLAN_SWITCHES.map((s) => [s, row.plan![s]])) }
    : null;
  const dueDate = effectiveDueDate(row.company.id, row.company.dueDate);
  return {
    ...presentUser(user, row.queues),
    company: {
      id: row.company.id,
      name: row.company.name,
      dueDate,
      settings: row.settings,
      plan: plan as SessionUserView['company']['plan'],
    },
    dueDate,
    companieSettings: Object.fromEntries(row.settings.map((s) => [s.key, s.value])),
  };
}

/** The user as login and refresh return it: with company, due date, settings, plan switches and queues. */
export async function sessionUserView(db: DbOrTx, user: UserRow): Promise<SessionUserView> {
  const [row] = await db
    .select(viewColumns(user.id))
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, user.companyId));
  return toView(user, row);
}

/**
 * GET /auth/me is the hottest authenticated call: it checks the session and reads the whole view in one
 * prepared statement, one round trip to the database (the request's cost is mostly round trips).
 */
const sessionViewStatement = preparedStatement((db) =>
  db
    .select({ user: users, ...viewColumns(users.id) })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(liveSessionOf(sql.placeholder('sessionId'), sql.placeholder('userId')))
    .prepare('load_session_user_view'),
);

/** The live session's user with its view, or null when the session is unknown, revoked or not this user's. */
export async function loadSessionUserView(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<{ user: UserRow; view: SessionUserView } | null> {
  const [row] = await sessionViewStatement(db).execute({ sessionId, userId });
  return row ? { user: row.user, view: toView(row.user, row) } : null;
}
