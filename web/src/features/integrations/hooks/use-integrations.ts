import type { QueueIntegrationInput, QueueIntegrationPage, QueueIntegrationTestSession, QueueIntegrationView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const integrationKeys = {
  all: ['queue-integrations'] as const,
  lists: () => [...integrationKeys.all, 'list'] as const,
  list: (searchParam: string) => [...integrationKeys.lists(), searchParam] as const,
};

/** GET /queueIntegration/ {searchParam, pageNumber} → queueIntegrations, count, hasMore (spec 3 §7). */
export function useIntegrations(searchParam: string) {
  return useInfiniteQuery({
    queryKey: integrationKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<QueueIntegrationPage>('/queueIntegration', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export const integrationsCache = pagedCache<QueueIntegrationView, 'queueIntegrations', string>({
  field: 'queueIntegrations',
  listsKey: integrationKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (i, term) => !term || i.name.toLowerCase().includes(term.toLowerCase()),
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});

export function useSaveIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: QueueIntegrationInput }) =>
      id === null
        ? api.post<QueueIntegrationView>('/queueIntegration', values)
        : api.put<QueueIntegrationView>(`/queueIntegration/${id}`, values),
    onSuccess: (saved) => integrationsCache.upsert(qc, saved),
  });
}

export function useDeleteIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queueIntegration/${id}`),
    onSuccess: (_, id) => integrationsCache.remove(qc, id),
  });
}

/** POST /queueIntegration/testSession: a real detectIntent with the dialog's Dialogflow fields. */
export function useTestDialogflowSession() {
  return useMutation({
    mutationFn: (values: QueueIntegrationTestSession) =>
      api.post<{ intent: string; fulfillmentText: string }>('/queueIntegration/testSession', values),
  });
}
