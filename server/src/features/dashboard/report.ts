import type { ReportTicketRow, TicketReportFilters, TicketReportView } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf, sqlIdList, withinPeriod } from './scope';

/** The report's conditions on `t` (tickets): the company, the creation days and every filter of spec 2 §7. */
export function reportConditions(companyId: number, timeZone: string, f: Omit<TicketReportFilters, 'page' | 'pageSize'>): SQL {
  const parts: SQL[] = [sql`t.company_id = ${companyId}`];
  if (f.dateFrom || f.dateTo) {
    parts.push(withinPeriod(sql`t.created_at`, { from: f.dateFrom ?? '1970-01-01', to: f.dateTo ?? '9999-12-30' }, timeZone));
  }
  const term = f.searchParam.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asId = /^\d{1,9}$/.test(term) ? sql` or t.id = ${Number(term)}` : sql``;
    parts.push(
      sql`(exists (select 1 from contacts c2 where c2.id = t.contact_id and (c2.name ilike ${like} or c2.number like ${like}))${asId})`,
    );
  }
  if (f.contactId) parts.push(sql`t.contact_id = ${f.contactId}`);
  if (f.whatsappId.length) parts.push(sql`t.connection_id in (${sqlIdList(f.whatsappId)})`);
  if (f.users.length) parts.push(sql`t.user_id in (${sqlIdList(f.users)})`);
  if (f.queueIds.length) parts.push(sql`t.queue_id in (${sqlIdList(f.queueIds)})`);
  if (f.status.length)
    parts.push(
      sql`t.status in (${sql.join(
        f.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.onlyRated) parts.push(sql`exists (select 1 from user_ratings r where r.ticket_id = t.id)`);
  return sql.join(parts, sql` and `);
}

interface Row {
  id: number;
  uuid: string;
  whatsapp_name: string | null;
  contact_name: string;
  user_name: string | null;
  queue_name: string | null;
  status: ReportTicketRow['status'];
  last_message: string;
  created_at: string | Date;
  /** The exact timestamp as text: a keyset continues from it without the millisecond rounding of a Date. */
  created_key: string;
  finished_at: string | Date | null;
  support: number | null;
  nps: number | null;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * Report rows, newest created first. closedAt: when the ticket's latest attendance finished, for a ticket
 * closed now; supportTime: minutes from that attendance's acceptance to its close; NPS: the newest rating.
 * `after` continues a keyset walk (the export); `offset` serves pages.
 */
export async function reportRows(
  db: DbOrTx,
  where: SQL,
  page: { limit: number; offset?: number; after?: { createdAt: string; id: number } },
): Promise<(ReportTicketRow & { createdAtKey: string })[]> {
  const keyset = page.after ? sql`and (t.created_at, t.id) < (${page.after.createdAt}::timestamptz, ${page.after.id})` : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`
    select t.id, t.uuid, w.name as whatsapp_name, c.name as contact_name, u.name as user_name, q.name as queue_name,
      t.status, t.last_message, t.created_at, t.created_at::text as created_key,
      case when t.status = 'closed' then k.finished_at end as finished_at,
      case when t.status = 'closed' and k.started_at is not null
        then (extract(epoch from (k.finished_at - k.started_at)) / 60)::float8 end as support,
      (select r.rate from user_ratings r where r.ticket_id = t.id order by r.created_at desc, r.id desc limit 1) as nps
    from (select t.* from tickets t where ${where} ${keyset} order by t.created_at desc, t.id desc limit ${page.limit} offset ${page.offset ?? 0}) t
    join contacts c on c.id = t.contact_id
    left join connections w on w.id = t.connection_id
    left join users u on u.id = t.user_id
    left join queues q on q.id = t.queue_id
    left join lateral (
      select k.started_at, k.finished_at from ticket_trackings k
      where k.ticket_id = t.id and k.finished_at is not null order by k.finished_at desc, k.id desc limit 1
    ) k on true
    order by t.created_at desc, t.id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    whatsappName: r.whatsapp_name,
    contactName: r.contact_name,
    userName: r.user_name,
    queueName: r.queue_name,
    status: r.status,
    lastMessage: r.last_message,
    createdAt: iso(r.created_at),
    createdAtKey: r.created_key,
    closedAt: r.finished_at ? iso(r.finished_at) : null,
    supportTime: r.support === null ? null : Math.round(r.support * 100) / 100,
    NPS: r.nps,
  }));
}

/** GET /ticketreport/reports: one page and the total. */
export async function ticketReport(db: DbOrTx, where: SQL, page: number, pageSize: number): Promise<Omit<TicketReportView, 'timeZone'>> {
  const [tickets, [total]] = await Promise.all([
    reportRows(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from tickets t where ${where}`),
  ]);
  return { tickets, totalTickets: { total: total.n } };
}
