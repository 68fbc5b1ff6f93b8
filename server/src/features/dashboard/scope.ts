import { todayIn } from '@chatflow/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';

/** A range of calendar days (yyyy-MM-dd, both ends included) read in the company's time zone. */
export interface Period {
  from: string;
  to: string;
}

/** The list filters of the dashboard and its charts; an empty list means "all". */
export interface TicketFilters {
  queueIds: number[];
  tags: number[];
  users: number[];
  whatsapps: number[];
  status: string[];
}

export async function companyTimeZone(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  return row?.timeZone ?? 'America/Sao_Paulo';
}

/** The dashboard's default (spec 2 §4): the first day of the current month to today; `days` means the last N days. */
export function defaultPeriod(timeZone: string, q: { date_from?: string; date_to?: string; days?: number }, now = new Date()): Period {
  const today = todayIn(timeZone, now);
  if (q.date_from || q.date_to) return { from: q.date_from ?? q.date_to ?? today, to: q.date_to ?? today };
  if (q.days) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - (q.days - 1));
    return { from: d.toISOString().slice(0, 10), to: today };
  }
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The scope's history (attendances, ratings, create logs) joins the scope by ticket id; this bounds it
 * to the ids the scope spans as well, which the join implies, so each history table is read by an
 * index range over its ticket ids instead of every row of the company. Tickets get their ids in
 * creation order, so a period's tickets span about as many ids as they are (imported tickets, created
 * with an old date, only widen the range). The history indexes carry the columns the dashboard reads
 * (migration 0025), so the range is read from the index alone.
 */
export const SCOPE_BOUNDS = sql`scope_bounds as (select min(id) as lo, max(id) as hi from scope)`;
export const inScopeIds = (alias: string): SQL =>
  sql`${sql.raw(alias)}.ticket_id between (select lo from scope_bounds) and (select hi from scope_bounds)`;

/** `column` falls within the period's days in the time zone (midnight of `from` to midnight after `to`). */
export function withinPeriod(column: SQL, period: Period, timeZone: string): SQL {
  return sql`${column} >= ((${period.from}::date)::timestamp at time zone ${timeZone}) and ${column} < (((${period.to}::date) + 1)::timestamp at time zone ${timeZone})`;
}

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The tickets a dashboard figure counts: this company's tickets created within the period that pass
 * the filter (queues, users, connections, statuses; tags: carrying any of them). `t` is the alias.
 */
export function ticketScope(companyId: number, period: Period, timeZone: string, f: TicketFilters): SQL {
  const parts: SQL[] = [sql`t.company_id = ${companyId}`, withinPeriod(sql`t.created_at`, period, timeZone)];
  if (f.queueIds.length) parts.push(sql`t.queue_id in (${ids(f.queueIds)})`);
  if (f.users.length) parts.push(sql`t.user_id in (${ids(f.users)})`);
  if (f.whatsapps.length) parts.push(sql`t.connection_id in (${ids(f.whatsapps)})`);
  if (f.status.length)
    parts.push(
      sql`t.status in (${sql.join(
        f.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.tags.length) parts.push(sql`exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id in (${ids(f.tags)}))`);
  return sql.join(parts, sql` and `);
}

export { ids as sqlIdList };

/** Rows of a raw query, on either driver. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
