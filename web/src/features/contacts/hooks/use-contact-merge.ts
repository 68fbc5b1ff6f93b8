import type { ContactMergeCounts, ContactMergeView, ContactPage, ContactView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';
import { contactsCache } from './use-contacts';

/** The merge dialog's lookup: GET /contacts?searchParam= (the page's own search), without the kept contact. */
export function useMergeCandidates(typed: string, keptId: number) {
  const term = useDebounced(typed.trim());
  const query = useQuery({
    queryKey: ['contacts', 'merge-candidates', term],
    queryFn: () => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }),
    staleTime: 10_000,
  });
  return { contacts: (query.data?.contacts ?? []).filter((c) => c.id !== keptId), loading: query.isFetching };
}

/** GET /contacts/:id/merge/preview: what would move from the picked contact, as counts. */
export function useMergePreview(keptId: number, fromId: number | null) {
  return useQuery({
    queryKey: ['contacts', 'merge-preview', keptId, fromId],
    queryFn: () => api.get<ContactMergeCounts>(`/contacts/${keptId}/merge/preview`, { fromContactId: fromId }),
    enabled: fromId !== null,
  });
}

/** POST /contacts/:id/merge; the merged contact leaves the cached lists at once (its event follows). */
export function useMergeContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ keptId, fromId }: { keptId: number; fromId: number }) =>
      api.post<ContactMergeView>(`/contacts/${keptId}/merge`, { fromContactId: fromId }),
    onSuccess: (merge) => contactsCache.remove(qc, merge.mergedContactId),
  });
}

/** POST /contacts/merges/:mergeId/undo, then the restored contact back into the cached lists. */
export function useUndoContactMerge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (mergeId: number) => {
      const merge = await api.post<ContactMergeView>(`/contacts/merges/${mergeId}/undo`);
      return api.get<ContactView>(`/contacts/${merge.mergedContactId}`);
    },
    onSuccess: (restored) => contactsCache.upsert(qc, restored),
  });
}
