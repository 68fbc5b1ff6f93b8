import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tags } from '../../db/schema';
import { AppError } from '../../http/errors';
import { companyPlanSwitches } from '../plans';

/**
 * A kanban lane is a tag with kanban = 1: writing one (creating it, turning a tag into one, editing or
 * deleting one) is the kanban's, so it needs the plan's useKanban like the board's routes
 * (ERR_PLAN_FEATURE_DISABLED). The route cannot tell from its path: the body or the row says lane.
 */
export async function assertLanesInPlan(db: DbOrTx, companyId: number, touchesLane: boolean): Promise<void> {
  if (!touchesLane) return;
  if (!(await companyPlanSwitches(db, companyId)).useKanban) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
}

interface LaneLinks {
  kanban: number;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
}

/**
 * What a kanban lane's links must hold (spec 3 §3; issue 16 "Bad input"), checked in the save's
 * transaction: the next and rollback lanes are kanban lanes of the company other than this one
 * (ERR_KANBAN_LANE_INVALID, ERR_KANBAN_LANE_CYCLE), and the timed moves never come back to this lane
 * (A→B→A would move a card forever: ERR_KANBAN_LANE_CYCLE). Only timed lanes (timeLane > 0) move a
 * card on, so the walk follows nextLaneId through them; a cycle not through this lane was refused
 * when it was closed. `id` is null for a new tag, which nothing points to yet.
 */
export async function assertLaneLinks(db: DbOrTx, companyId: number, id: number | null, lane: LaneLinks): Promise<void> {
  const linked = [lane.nextLaneId, lane.rollbackLaneId].filter((x): x is number => x !== null);
  if (linked.length === 0) return;
  if (id !== null && linked.includes(id)) throw new AppError('ERR_KANBAN_LANE_CYCLE', 400);
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1), inArray(tags.id, linked)));
  if (found.length !== new Set(linked).size) throw new AppError('ERR_KANBAN_LANE_INVALID', 400);
  if (id === null || lane.kanban !== 1 || lane.timeLane <= 0 || lane.nextLaneId === null) return;
  const seen = new Set<number>([id]);
  let next: number | null = lane.nextLaneId;
  while (next !== null) {
    if (seen.has(next)) throw new AppError('ERR_KANBAN_LANE_CYCLE', 400);
    seen.add(next);
    const [row] = await db
      .select({ timeLane: tags.timeLane, nextLaneId: tags.nextLaneId, kanban: tags.kanban })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, next)));
    next = row && row.kanban === 1 && row.timeLane > 0 ? row.nextLaneId : null;
  }
}
