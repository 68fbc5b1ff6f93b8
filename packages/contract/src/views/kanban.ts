import { z } from 'zod';
import { TicketView } from './tickets';

/** A kanban lane (spec 3 §3 Tag/kanban lane) with its tickets count, for the board and /TagsKanban. */
export const LaneView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  timeLane: z.number(),
  nextLaneId: z.number().nullable(),
  rollbackLaneId: z.number().nullable(),
  greetingMessageLane: z.string(),
  /** Open and pending tickets in the lane (every ticket of the company, not only the caller's). */
  ticketsCount: z.number(),
});
export type LaneView = z.infer<typeof LaneView>;

/**
 * One lane's share of a board answer: how many cards match, whether more pages follow, and which of
 * the answer's tickets are its cards (in order), so a client places them without knowing the lanes.
 */
export const KanbanLanePage = z.object({ laneId: z.number(), count: z.number(), hasMore: z.boolean(), ticketIds: z.array(z.number()) });
export type KanbanLanePage = z.infer<typeof KanbanLanePage>;

/** GET /ticket/kanban: the cards (ticket views) and, per lane asked, its count and hasMore. */
export const KanbanBoard = z.object({ tickets: z.array(TicketView), lanes: z.array(KanbanLanePage) });
export type KanbanBoard = z.infer<typeof KanbanBoard>;
