import type { LaneView } from '@chatflow/contract';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type TagRow, tags, ticketTags } from '../../db/schema';
import { presentLane } from './presenter';

/**
 * Open and pending tickets carrying the lane, counted through ticket_tags' (tag) index. Qualified by
 * hand inside the subquery, like the tags' contact count.
 */
const ticketsCount = sql<number>`(select count(*)::int from ticket_tags tt join tickets tk on tk.id = tt.ticket_id
  where tt.tag_id = "tags"."id" and tk.status in ('open', 'pending'))`;

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /tag/kanban: the company's lanes by name (the board's columns, the /TagsKanban table). */
export async function listLanes(db: DbOrTx, companyId: number, searchParam = ''): Promise<LaneView[]> {
  const term = searchParam.trim();
  const rows = await db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      kanban: tags.kanban,
      timeLane: tags.timeLane,
      nextLaneId: tags.nextLaneId,
      rollbackLaneId: tags.rollbackLaneId,
      greetingMessageLane: tags.greetingMessageLane,
      ticketsCount,
    })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1), term ? ilike(tags.name, containsPattern(term)) : undefined))
    .orderBy(asc(tags.name), asc(tags.id));
  return rows.map((r) => presentLane(r, r.ticketsCount));
}

/** A kanban lane of the company, or null. */
export async function findLane(db: DbOrTx, companyId: number, id: number): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id), eq(tags.kanban, 1)));
  return row ?? null;
}

/** The ticket's lane link (its kanban tag with the smallest id, the one the board shows), or null. */
export async function currentLane(db: DbOrTx, ticketId: number): Promise<{ lane: TagRow; enteredAt: string } | null> {
  const [row] = await db
    .select({ lane: tags, enteredAt: ticketTags.enteredAt })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.ticketId, ticketId), eq(tags.kanban, 1)))
    .orderBy(asc(tags.id))
    .limit(1);
  return row ?? null;
}
