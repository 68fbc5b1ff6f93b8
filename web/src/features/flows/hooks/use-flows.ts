import type { FlowPage, FlowSummaryView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const flowKeys = {
  all: ['flows'] as const,
  lists: () => [...flowKeys.all, 'list'] as const,
  list: (search: string) => [...flowKeys.lists(), search] as const,
  detail: (id: number) => [...flowKeys.all, 'detail', id] as const,
};

/** GET /flowbuilder {search, page} → flows, hasMore (spec 3 §7). */
export function useFlows(search: string) {
  return useInfiniteQuery({
    queryKey: flowKeys.list(search),
    queryFn: ({ pageParam }) => api.get<FlowPage>('/flowbuilder', { search, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The cached pages in the server's order (name, then id), so realtime rows land where a reload would put them. */
export const flowsCache = pagedCache<FlowSummaryView, 'flows', string>({
  field: 'flows',
  listsKey: flowKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (f, term) => !term || f.name.toLowerCase().includes(term.toLowerCase()),
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});

function useFlowMutation<V>(call: (vars: V) => Promise<FlowSummaryView>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (flow) => flowsCache.upsert(qc, flow) });
}

export const useCreateFlow = () => useFlowMutation((name: string) => api.post<FlowSummaryView>('/flowbuilder', { name }));
/** PUT /flowbuilder: renames, and with `active` switches the flow on or off. */
export const useUpdateFlow = () =>
  useFlowMutation((input: { flowId: number; name: string; active?: boolean }) => api.put<FlowSummaryView>('/flowbuilder', input));
export const useDuplicateFlow = () => useFlowMutation((flowId: number) => api.post<FlowSummaryView>('/flowbuilder/duplicate', { flowId }));

export function useDeleteFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/flowbuilder/${id}`),
    onSuccess: (_, id) => flowsCache.remove(qc, id),
  });
}
