import type { LaneView } from '@chatflow/contract';
import type { TagRow } from '../../db/schema';

type LaneRow = Pick<TagRow, 'id' | 'name' | 'color' | 'kanban' | 'timeLane' | 'nextLaneId' | 'rollbackLaneId' | 'greetingMessageLane'>;

/** Whitelist of what leaves the server about a kanban lane. */
export const presentLane = (l: LaneRow, ticketsCount: number): LaneView => ({
  id: l.id,
  name: l.name,
  color: l.color,
  kanban: l.kanban,
  timeLane: l.timeLane,
  nextLaneId: l.nextLaneId,
  rollbackLaneId: l.rollbackLaneId,
  greetingMessageLane: l.greetingMessageLane,
  ticketsCount,
});
