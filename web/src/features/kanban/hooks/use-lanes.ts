import type { LaneView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kanbanKeys } from './keys';

/** GET /tag/kanban: the company's lanes by name (the board's columns, the /TagsKanban table). */
export function useLanes(searchParam = '', enabled = true) {
  return useQuery({
    queryKey: kanbanKeys.lanes(searchParam),
    queryFn: async () => (await api.get<{ lista: LaneView[] }>('/tag/kanban', { searchParam })).lista,
    enabled,
  });
}
