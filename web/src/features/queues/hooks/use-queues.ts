import type { QueueInput, QueueUpdateInput, QueueView } from '@chatflow/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const queueKeys = { all: ['queues'] as const };

/** GET /queue: the company's queues in bot order (the list is small and not paged). */
export function useQueues() {
  return useQuery({ queryKey: queueKeys.all, queryFn: () => api.get<QueueView[]>('/queue') });
}

/** Same order as the server: orderQueue (unset last), then name, then id. */
const botOrder = (a: QueueView, b: QueueView) =>
  (a.orderQueue ?? Number.POSITIVE_INFINITY) - (b.orderQueue ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name) || a.id - b.id;

export function upsertQueue(qc: QueryClient, queue: QueueView) {
  qc.setQueryData<QueueView[]>(queueKeys.all, (list) => list && [...list.filter((q) => q.id !== queue.id), queue].sort(botOrder));
}

export function removeQueue(qc: QueryClient, queueId: number) {
  qc.setQueryData<QueueView[]>(queueKeys.all, (list) => list?.filter((q) => q.id !== queueId));
}

export function useSaveQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: QueueInput | QueueUpdateInput }) =>
      id === null ? api.post<QueueView>('/queue', payload) : api.put<QueueView>(`/queue/${id}`, payload),
    onSuccess: (queue) => upsertQueue(qc, queue),
  });
}

export function useDeleteQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queue/${id}`),
    onSuccess: (_, id) => removeQueue(qc, id),
  });
}
