import type { TagView } from '@chatflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TagPayload } from '../tag-form';
import { removeTagEverywhere, upsertTagEverywhere } from './tags-cache';

/** POST /tags or PUT /tags/:id; the answer goes into the cached lists at once. */
export function useSaveTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: TagPayload }) =>
      id === null ? api.post<TagView>('/tags', payload) : api.put<TagView>(`/tags/${id}`, payload),
    onSuccess: (tag) => upsertTagEverywhere(qc, tag),
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tags/${id}`),
    onSuccess: (_, id) => removeTagEverywhere(qc, id),
  });
}
