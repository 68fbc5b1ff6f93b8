import { KANBAN_LANE_PAGE_SIZE, type KanbanBoard } from '@chatflow/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api } from '../../../lib/api';
import { type BoardData, type BoardFilters, boardFrom } from '../board-cache';
import { kanbanKeys } from './keys';

const query = (f: BoardFilters) => ({ queueIds: JSON.stringify(f.queueIds), startDate: f.startDate, endDate: f.endDate });

/**
 * The board's cards: GET /ticket/kanban answers the first page of every lane in one call, which runs
 * beside GET /tag/kanban (the answer says each card's lane, so the two do not wait for each other); a lane
 * loads its next page (laneId, pageNumber) when scrolled near its end. A failed load empties the
 * board and is only logged (spec 3 §4, §8 "Kanban errors are only logged").
 */
export function useBoard(filters: BoardFilters) {
  const qc = useQueryClient();
  const board = useQuery({
    queryKey: kanbanKeys.board(filters),
    queryFn: async (): Promise<BoardData> => {
      try {
        return boardFrom(await api.get<KanbanBoard>('/ticket/kanban', query(filters)));
      } catch (err) {
        console.error('kanban: the tickets did not load', err);
        return {};
      }
    },
  });

  const loading = useRef(new Set<number>());
  const loadMore = useCallback(
    async (laneId: number) => {
      const key = kanbanKeys.board(filters);
      const lane = qc.getQueryData<BoardData>(key)?.[laneId];
      if (!lane?.hasMore || loading.current.has(laneId)) return;
      loading.current.add(laneId);
      try {
        const page = await api.get<KanbanBoard>('/ticket/kanban', { ...query(filters), laneId, pageNumber: lane.page + 1 });
        qc.setQueryData<BoardData>(key, (data) => {
          const current = data?.[laneId];
          if (!data || !current) return data;
          const known = new Set(current.cards.map((c) => c.id));
          const meta = page.lanes.find((l) => l.laneId === laneId);
          return {
            ...data,
            [laneId]: {
              cards: [...current.cards, ...page.tickets.filter((c) => !known.has(c.id))],
              count: meta?.count ?? current.count,
              hasMore: meta?.hasMore ?? false,
              page: current.page + 1,
            },
          };
        });
      } catch (err) {
        console.error('kanban: the next cards did not load', err);
      } finally {
        loading.current.delete(laneId);
      }
    },
    [qc, filters],
  );

  return { board: board.data, isLoading: board.isLoading, loadMore, pageSize: KANBAN_LANE_PAGE_SIZE };
}
