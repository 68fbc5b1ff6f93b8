import type { AttendantRow } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { round2 } from './counters';
import { inScopeIds, rowsOf, SCOPE_BOUNDS, sqlIdList } from './scope';

interface Row {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  wait: number | null;
  support: number | null;
  rating: number | null;
  count_rating: number;
}

/**
 * The attendants' rows (spec 1 §3 "Attendant row"), one per user of the company (only the filtered
 * users when the filter names some), by name, over the same scope as the counters:
 * - tickets: scope tickets whose agent is now this user;
 * - avgWaitTime / avgSupportTime: as the counters, over the scope attendances this user took;
 * - rating / countRating: mean and number of the ratings given to this user on scope tickets;
 * - online: the user's presence now.
 */
export async function dashboardAttendants(db: DbOrTx, companyId: number, scope: SQL, users: number[]): Promise<AttendantRow[]> {
  const onlyUsers = users.length ? sql`and u.id in (${sqlIdList(users)})` : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`
    with scope as materialized (select t.id, t.user_id from tickets t where ${scope}),
    ${SCOPE_BOUNDS},
    by_tickets as (select s.user_id, count(*)::int as n from scope s where s.user_id is not null group by s.user_id),
    by_tracking as (
      select k.user_id,
        avg(extract(epoch from (k.started_at - k.queued_at)) / 60) filter (where k.started_at is not null and k.queued_at is not null) as wait,
        avg(extract(epoch from (k.finished_at - k.started_at)) / 60) filter (where k.finished_at is not null and k.started_at is not null) as support
      from ticket_trackings k join scope s on s.id = k.ticket_id
      where ${inScopeIds('k')} and k.user_id is not null group by k.user_id
    ),
    by_rating as (
      select r.user_id, avg(r.rate) as rating, count(*)::int as n
      from user_ratings r join scope s on s.id = r.ticket_id
      where ${inScopeIds('r')} and r.user_id is not null group by r.user_id
    )
    select u.id, u.name, u.online,
      coalesce(bt.n, 0) as tickets, bk.wait::float8 as wait, bk.support::float8 as support,
      br.rating::float8 as rating, coalesce(br.n, 0) as count_rating
    from users u
    left join by_tickets bt on bt.user_id = u.id
    left join by_tracking bk on bk.user_id = u.id
    left join by_rating br on br.user_id = u.id
    where u.company_id = ${companyId} ${onlyUsers}
    order by u.name, u.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    rating: r.rating === null ? null : round2(r.rating),
    countRating: r.count_rating,
    tickets: r.tickets,
    avgWaitTime: round2(r.wait ?? 0),
    avgSupportTime: round2(r.support ?? 0),
    online: r.online,
  }));
}
