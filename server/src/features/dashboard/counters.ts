import type { DashboardCounters } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inScopeIds, SCOPE_BOUNDS, type Period, rowsOf, sqlIdList, withinPeriod } from './scope';

/** Two decimals: shares and minutes are shown rounded, and tests compare exact figures. */
export const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole > 0 ? round2((100 * part) / whole) : 0);

interface CounterRow {
  happening: number;
  pending: number;
  finished: number;
  groups: number;
  tickets: number;
  active: number;
  wait: number | null;
  support: number | null;
  wait_rating: number;
  with_rating: number;
  without_rating: number;
  ratings: number;
  promoters: number;
  passives: number;
  detractors: number;
  leads: number;
}

/**
 * The dashboard counters (spec 1 §3), over the scope: the company's tickets created within the period
 * that pass the filter (scope.ts). Each, precisely:
 * - supportHappening / supportPending / supportFinished / supportGroups: scope tickets whose status is now
 *   open / pending / closed / group.
 * - tickets: every scope ticket.
 * - activeTickets: scope tickets an agent opened (their 'create' log names a user: new-ticket modal,
 *   forward, external API); passiveTickets: the rest (the customer wrote first).
 * - leads: contacts (not groups) created within the period; with a connection filter, those whose
 *   origin is one of those connections. The other filters do not apply to contacts.
 * - avgWaitTime: mean minutes, over the scope tickets' attendances (ticket_trackings) that an agent took,
 *   from the attendance's queuing (creation, reopening or return to a queue) to its acceptance.
 * - avgSupportTime: mean minutes, over the finished attendances that an agent took, from acceptance to close.
 * - waitRating: attendances whose customer was asked to rate and has not answered.
 * - withRating: scope tickets with at least one rating; withoutRating: closed scope tickets with none;
 *   percRating: withRating as a percentage of withRating + withoutRating.
 * - NPS over every rating (0 to 10) of the scope tickets: promoters rate 9-10, passives 7-8, detractors
 *   0-6; each share is a percentage of the ratings and npsScore = promoters% − detractors%.
 * Minutes and percentages are rounded to two decimals; with nothing to average a figure is 0.
 */
export async function dashboardCounters(
  db: DbOrTx,
  companyId: number,
  scope: SQL,
  period: Period,
  timeZone: string,
  whatsapps: number[],
): Promise<DashboardCounters> {
  const [row] = await rowsOf<CounterRow>(
    db,
    sql`
    with scope as materialized (select t.id, t.status from tickets t where ${scope}),
    ${SCOPE_BOUNDS},
    trk as (
      select
        avg(extract(epoch from (k.started_at - k.queued_at)) / 60) filter (where k.started_at is not null and k.queued_at is not null) as wait,
        avg(extract(epoch from (k.finished_at - k.started_at)) / 60) filter (where k.finished_at is not null and k.started_at is not null) as support,
        count(*) filter (where k.rating_at is not null and not k.rated) as wait_rating
      from ticket_trackings k join scope s on s.id = k.ticket_id
      where ${inScopeIds('k')}
    ),
    rated as (
      select r.ticket_id, r.rate from user_ratings r join scope s on s.id = r.ticket_id
      where ${inScopeIds('r')}
    ),
    rated_tickets as (select distinct ticket_id from rated),
    opened_by_agent as (
      select distinct l.ticket_id from ticket_logs l join scope s on s.id = l.ticket_id
      where ${inScopeIds('l')} and l.type = 'create' and l.user_id is not null
    )
    select
      count(*) filter (where s.status = 'open')::int as happening,
      count(*) filter (where s.status = 'pending')::int as pending,
      count(*) filter (where s.status = 'closed')::int as finished,
      count(*) filter (where s.status = 'group')::int as groups,
      count(*)::int as tickets,
      (select count(*)::int from opened_by_agent) as active,
      (select wait::float8 from trk) as wait,
      (select support::float8 from trk) as support,
      (select wait_rating::int from trk) as wait_rating,
      count(rt.ticket_id)::int as with_rating,
      count(*) filter (where s.status = 'closed' and rt.ticket_id is null)::int as without_rating,
      (select count(*)::int from rated) as ratings,
      (select count(*)::int from rated where rate >= 9) as promoters,
      (select count(*)::int from rated where rate between 7 and 8) as passives,
      (select count(*)::int from rated where rate <= 6) as detractors,
      (${leadsCount(companyId, period, timeZone, whatsapps)}) as leads
    from scope s left join rated_tickets rt on rt.ticket_id = s.id`,
  );
  const promotersPerc = share(row.promoters, row.ratings);
  const detractorsPerc = share(row.detractors, row.ratings);
  return {
    supportHappening: row.happening,
    supportPending: row.pending,
    supportFinished: row.finished,
    supportGroups: row.groups,
    leads: row.leads,
    avgSupportTime: round2(row.support ?? 0),
    avgWaitTime: round2(row.wait ?? 0),
    activeTickets: row.active,
    passiveTickets: row.tickets - row.active,
    npsScore: row.ratings > 0 ? round2(promotersPerc - detractorsPerc) : 0,
    npsPromotersPerc: promotersPerc,
    npsDetractorsPerc: detractorsPerc,
    npsPassivePerc: share(row.passives, row.ratings),
    tickets: row.tickets,
    waitRating: row.wait_rating,
    withoutRating: row.without_rating,
    withRating: row.with_rating,
    percRating: share(row.with_rating, row.with_rating + row.without_rating),
  };
}

/** Contacts (not groups) created within the period, from the connection filter's connections when it names some. */
function leadsCount(companyId: number, period: Period, timeZone: string, whatsapps: number[]): SQL {
  const byConnection = whatsapps.length ? sql`and c.connection_id in (${sqlIdList(whatsapps)})` : sql``;
  return sql`select count(*)::int from contacts c
    where c.company_id = ${companyId} and not c.is_group and ${withinPeriod(sql`c.created_at`, period, timeZone)} ${byConnection}`;
}
