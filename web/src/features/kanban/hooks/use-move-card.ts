import { DEFAULT_LANE_ID, type LaneView, type TicketView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { type BoardData, laneOfTicket, movedTicket, withCard, withoutCard } from '../board-cache';
import { kanbanKeys } from './keys';

/** The request that puts a ticket in a lane: PUT with the lane's tag, or DELETE ?kanban=1 for the default lane. */
export const moveTicketToLane = (ticketId: number, laneId: number) =>
  laneId === DEFAULT_LANE_ID
    ? api.delete<TicketView>(`/ticket-tags/${ticketId}?kanban=1`)
    : api.put<TicketView>(`/ticket-tags/${ticketId}/${laneId}`);

/**
 * Drops a card in another lane: the boards in the cache show it there at once, then the server moves
 * it (one transaction) and tells the ticket's audience. A refusal puts the card back; kanban errors
 * are only logged (spec 3 §8).
 */
export function useMoveCard(lanes: LaneView[]) {
  const qc = useQueryClient();
  return useCallback(
    async (ticket: TicketView, toLane: number) => {
      const laneIds = new Set(lanes.map((l) => l.id));
      const from = laneOfTicket(ticket, laneIds);
      if (from === toLane) return;
      const lane = lanes.find((l) => l.id === toLane) ?? null;
      const moved = movedTicket(ticket, toLane, lane, laneIds);
      const before = qc.getQueriesData<BoardData>({ queryKey: kanbanKeys.boards });
      qc.setQueriesData<BoardData>({ queryKey: kanbanKeys.boards }, (board) =>
        board ? withCard(withoutCard(board, ticket.id), moved, toLane) : board,
      );
      try {
        await moveTicketToLane(ticket.id, toLane);
      } catch (err) {
        for (const [key, data] of before) qc.setQueryData(key, data);
        console.error('kanban: the card did not move', err);
      }
    },
    [qc, lanes],
  );
}
