import type { TagView } from '@chatflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kanbanKeys } from './keys';

export interface LanePayload {
  name: string;
  color: string;
  kanban: 1;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
}

/** POST /tags or PUT /tags/:id with kanban = 1: a lane is a tag. The lanes and boards read again. */
export function useSaveLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: LanePayload }) =>
      id === null ? api.post<TagView>('/tags', payload) : api.put<TagView>(`/tags/${id}`, payload),
    onSuccess: () => qc.invalidateQueries({ queryKey: kanbanKeys.all }),
  });
}

/** DELETE /tags/:id: the lane's cards go back to the default lane. */
export function useDeleteLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tags/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: kanbanKeys.all }),
  });
}
