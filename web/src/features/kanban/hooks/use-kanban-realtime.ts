import type { TicketView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { applyTicket, type BoardData, type BoardFilters, belongsOnBoard, withoutCard } from '../board-cache';
import { kanbanKeys } from './keys';

const localDay = (iso: string) => format(parseISO(iso), 'yyyy-MM-dd');

/**
 * Other agents' moves and the tickets' news edit the board in place: a ticket event (sent by the
 * server only to the users who may see the ticket) puts the card in the lane its tags say, or takes
 * it off the board; a message carries its ticket's new last message and update time.
 */
export function useKanbanRealtime(filters: BoardFilters, laneIds: ReadonlySet<number>) {
  const qc = useQueryClient();
  const key = kanbanKeys.board(filters);
  const place = (ticket: TicketView) =>
    qc.setQueryData<BoardData>(key, (board) =>
      board ? applyTicket(board, ticket, laneIds, belongsOnBoard(ticket, filters, localDay)) : board,
    );
  const drop = (ticketId: number) => qc.setQueryData<BoardData>(key, (board) => (board ? withoutCard(board, ticketId) : board));

  useCompanyEvent('ticket', (e) => {
    if (e.action === 'update') place(e.ticket);
    else if (e.action === 'delete' || e.action === 'removeFromList') drop(e.ticketId);
  });
  useCompanyEvent('appMessage', (e) => {
    if (e.action !== 'delete') place(e.ticket);
  });
  // A lane added, renamed or removed elsewhere: the columns and the cards' places are read again.
  useCompanyEvent('tag', (e) => {
    if (e.action === 'delete' || e.tag.kanban === 1 || laneIds.has(e.tag.id)) void qc.invalidateQueries({ queryKey: kanbanKeys.all });
  });
}
