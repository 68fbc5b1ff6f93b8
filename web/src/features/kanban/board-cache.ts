import { DEFAULT_LANE_ID, type KanbanBoard, type TicketView } from '@chatflow/contract';

/** One lane of the board as the page holds it: the cards loaded so far, the lane's count, more to load. */
export interface LaneCards {
  cards: TicketView[];
  count: number;
  hasMore: boolean;
  /** Pages loaded (the first paint is page 1 of every lane). */
  page: number;
}
/** The board's cards by lane id (0: the default lane). */
export type BoardData = Record<number, LaneCards>;

/** What the board shows: the date range (yyyy-MM-dd) and the queues of the signed-in user. */
export interface BoardFilters {
  startDate: string;
  endDate: string;
  queueIds: number[];
  userId: number;
}

/**
 * A card's lane, as the server decides it: its kanban tag with the smallest id, else the default
 * lane. Ticket views carry tags without their kanban flag, so the lanes' ids tell them apart.
 */
export function laneOfTicket(ticket: Pick<TicketView, 'tags'>, laneIds: ReadonlySet<number>): number {
  const ids = ticket.tags.map((t) => t.id).filter((id) => laneIds.has(id));
  return ids.length ? Math.min(...ids) : DEFAULT_LANE_ID;
}

/** The first paint's answer laid out by lane, as the server placed the cards (no need to know the lanes first). */
export function boardFrom(answer: KanbanBoard): BoardData {
  const byId = new Map(answer.tickets.map((t) => [t.id, t]));
  const board: BoardData = {};
  for (const lane of answer.lanes) {
    const cards = lane.ticketIds.flatMap((id) => byId.get(id) ?? []);
    board[lane.laneId] = { cards, count: lane.count, hasMore: lane.hasMore, page: 1 };
  }
  return board;
}

/** Newest update first, then the higher id: the server's order within a lane. */
const before = (a: TicketView, b: TicketView) => a.updatedAt > b.updatedAt || (a.updatedAt === b.updatedAt && a.id > b.id);

/** The board without the ticket (its lane's count one less when it was there). */
export function withoutCard(board: BoardData, ticketId: number): BoardData {
  const next: BoardData = {};
  for (const [id, lane] of Object.entries(board)) {
    const kept = lane.cards.filter((c) => c.id !== ticketId);
    next[Number(id)] = kept.length === lane.cards.length ? lane : { ...lane, cards: kept, count: Math.max(0, lane.count - 1) };
  }
  return next;
}

/**
 * The board with the ticket in `laneId` at its place by last update. A card past the loaded part of
 * a lane that still has pages is only counted: it shows when those pages load.
 */
export function withCard(board: BoardData, ticket: TicketView, laneId: number): BoardData {
  const lane = board[laneId] ?? { cards: [], count: 0, hasMore: false, page: 1 };
  const at = lane.cards.findIndex((c) => before(ticket, c));
  const cards =
    at === -1 ? (lane.hasMore ? lane.cards : [...lane.cards, ticket]) : [...lane.cards.slice(0, at), ticket, ...lane.cards.slice(at)];
  return { ...board, [laneId]: { ...lane, cards, count: lane.count + 1 } };
}

/** Whether a ticket the server announced belongs on this board (status, group, range, queue selection). */
export function belongsOnBoard(ticket: TicketView, f: BoardFilters, zoneDay: (iso: string) => string): boolean {
  if ((ticket.status !== 'open' && ticket.status !== 'pending') || ticket.isGroup) return false;
  const day = zoneDay(ticket.updatedAt);
  if ((f.startDate && day < f.startDate) || (f.endDate && day > f.endDate)) return false;
  return ticket.queueId === null || ticket.userId === f.userId || f.queueIds.includes(ticket.queueId);
}

/** A ticket the server announced: out of the lane it was in, into the lane its tags say (if it belongs). */
export function applyTicket(board: BoardData, ticket: TicketView, laneIds: ReadonlySet<number>, belongs: boolean): BoardData {
  const without = withoutCard(board, ticket.id);
  return belongs ? withCard(without, ticket, laneOfTicket(ticket, laneIds)) : without;
}

/** The ticket as it is once moved to `laneId`: its lane tags replaced, its plain tags kept. */
export function movedTicket(
  ticket: TicketView,
  laneId: number,
  lane: { id: number; name: string; color: string } | null,
  laneIds: ReadonlySet<number>,
) {
  const plain = ticket.tags.filter((t) => !laneIds.has(t.id));
  return { ...ticket, tags: laneId === DEFAULT_LANE_ID || !lane ? plain : [...plain, { id: lane.id, name: lane.name, color: lane.color }] };
}
