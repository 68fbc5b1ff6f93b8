import { KANBAN_LANE_PAGE_SIZE, type KanbanBoard, type KanbanLanePage, type KanbanTicketsFilters } from '@chatflow/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companies, tickets } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { loadTicketViews, queueIdsOf, visibleInSelectionSql } from '../tickets';

/** The board's tickets: a person's open or pending tickets (closed ones have left the flow). */
const onBoard = and(inArray(tickets.status, ['open', 'pending']), eq(tickets.isGroup, false)) as SQL;

/** Last update within [startDate, endDate] (calendar days in the company's time zone), index-friendly. */
function inRange(companyId: number, startDate?: string, endDate?: string): SQL | undefined {
  const zone = sql`(select ${companies.timeZone} from ${companies} where ${companies.id} = ${companyId})`;
  return and(
    startDate ? sql`${tickets.updatedAt} >= (${startDate}::date::timestamp at time zone ${zone})` : undefined,
    endDate ? sql`${tickets.updatedAt} < ((${endDate}::date + 1)::timestamp at time zone ${zone})` : undefined,
  );
}

/**
 * A card's lane: its kanban tag with the smallest id (a ticket is in one lane; the move keeps it so),
 * 0 for the default lane. One probe of ticket_tags' primary key per ticket.
 */
const laneOf = sql<number>`coalesce((select min(tt.tag_id) from ticket_tags tt join tags g on g.id = tt.tag_id and g.kanban = 1
  where tt.ticket_id = "tickets"."id"), 0)`;

/**
 * GET /ticket/kanban: the cards the caller may see (canSeeTicket) within the queue selection and the
 * date range, newest update first, a page per lane. One query ranks every matching ticket within its
 * lane and keeps the page's rows (and each lane's count); a second loads their views. Without laneId
 * it is the first page of every lane: the whole first paint of the board in one call.
 */
export async function kanbanBoard(ctx: RequestContext, q: KanbanTicketsFilters): Promise<KanbanBoard> {
  const queueIds = await queueIdsOf(ctx);
  const where = and(
    eq(tickets.companyId, ctx.companyId),
    onBoard,
    inRange(ctx.companyId, q.startDate, q.endDate),
    visibleInSelectionSql(ctx.actor, queueIds, q.queueIds ?? null),
  );
  const cards = ctx.db
    .select({ id: tickets.id, updatedAt: tickets.updatedAt, lane: laneOf.as('lane') })
    .from(tickets)
    .where(where);
  const offset = q.laneId === undefined ? 0 : (q.pageNumber - 1) * KANBAN_LANE_PAGE_SIZE;
  const laneFilter = q.laneId === undefined ? sql`` : sql`where c.lane = ${q.laneId}`;
  const result = await ctx.db.execute<{ id: number; lane: number; count: number }>(sql`
    select r.id, r.lane, r.count from (
      select c.id, c.lane, c.updated_at,
        row_number() over (partition by c.lane order by c.updated_at desc, c.id desc) as n,
        (count(*) over (partition by c.lane))::int as count
      from (${cards}) c ${laneFilter}
    ) r
    where r.n > ${offset} and r.n <= ${offset + KANBAN_LANE_PAGE_SIZE}
    order by r.lane, r.updated_at desc, r.id desc`);
  const rows = result.rows;
  const lanes = new Map<number, KanbanLanePage>();
  for (const r of rows) {
    const lane = Number(r.lane);
    const count = Number(r.count);
    if (!lanes.has(lane)) lanes.set(lane, { laneId: lane, count, hasMore: count > offset + KANBAN_LANE_PAGE_SIZE, ticketIds: [] });
    lanes.get(lane)?.ticketIds.push(Number(r.id));
  }
  if (q.laneId !== undefined && !lanes.has(q.laneId)) lanes.set(q.laneId, { laneId: q.laneId, count: 0, hasMore: false, ticketIds: [] });
  const views = await loadTicketViews(
    ctx.db,
    ctx.companyId,
    rows.map((r) => Number(r.id)),
    ctx.actor,
  );
  return { tickets: views, lanes: [...lanes.values()] };
}
