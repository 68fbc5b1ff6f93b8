import type { TicketsByDayView, TicketsByUserView } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from './scope';

/** GET /dashboard/ticketsUsers: scope tickets per agent (tickets without an agent are not a bar); count is their sum. */
export async function ticketsByUser(db: DbOrTx, scope: SQL): Promise<TicketsByUserView> {
  const data = await rowsOf<{ nome: string; quantidade: number }>(
    db,
    sql`select u.name as nome, count(*)::int as quantidade
        from tickets t join users u on u.id = t.user_id
        where ${scope} group by u.id, u.name order by quantidade desc, u.name`,
  );
  return { data, count: data.reduce((n, r) => n + r.quantidade, 0) };
}

/**
 * GET /dashboard/ticketsDay: scope tickets per hour of creation ("HH:00") when the range is a single day,
 * else per day (yyyy-MM-dd), in the company's time zone; days or hours without tickets are left out.
 */
export async function ticketsByDay(db: DbOrTx, scope: SQL, timeZone: string, singleDay: boolean): Promise<TicketsByDayView> {
  const key = singleDay
    ? sql`to_char(t.created_at at time zone ${timeZone}, 'HH24') || ':00'`
    : sql`to_char(t.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await rowsOf<{ k: string; total: number }>(
    db,
    sql`select ${key} as k, count(*)::int as total from tickets t where ${scope} group by 1 order by 1`,
  );
  const data = rows.map((r) => (singleDay ? { horario: r.k, total: r.total } : { data: r.k, total: r.total }));
  return { data, count: rows.reduce((n, r) => n + r.total, 0) };
}
