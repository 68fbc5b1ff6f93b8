import type { BoardFilters } from '../board-cache';

export const kanbanKeys = {
  all: ['kanban'] as const,
  lanes: (searchParam = '') => ['kanban', 'lanes', searchParam] as const,
  boards: ['kanban', 'board'] as const,
  board: (f: BoardFilters) => ['kanban', 'board', f] as const,
};
