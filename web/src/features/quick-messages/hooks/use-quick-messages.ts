import type { QuickMessagePage, QuickMessageView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';
import type { QuickMessageFormValues } from '../quick-message-form';

export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  lists: () => [...quickMessageKeys.all, 'list'] as const,
  list: (searchParam: string) => [...quickMessageKeys.lists(), searchParam] as const,
};

/** GET /quick-messages {searchParam, pageNumber} → records, hasMore (spec 3 §7). */
export function useQuickMessages(searchParam: string) {
  return useInfiniteQuery({
    queryKey: quickMessageKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<QuickMessagePage>('/quick-messages', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export const quickMessagesCache = pagedCache<QuickMessageView, 'records', string>({
  field: 'records',
  listsKey: quickMessageKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (q, term) => !term || [q.shortcode, q.message].some((v) => v.toLowerCase().includes(term.toLowerCase())),
  compare: (a, b) => a.shortcode.localeCompare(b.shortcode) || a.id - b.id,
});

/** POST /quick-messages/:id/media-upload {typeArch, file}: the answer is the record with its stored file name. */
export const uploadQuickMessageMedia = (id: number, file: File) => {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', file);
  return api.post<QuickMessageView>(`/quick-messages/${id}/media-upload`, form);
};

/**
 * Saves the message, then sends a newly chosen attachment (a new message has no id before). The
 * cache takes the last answer at once; the realtime echo finds the row already there.
 */
export function useSaveQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, file }: { id: number | null; values: QuickMessageFormValues; file: File | null }) => {
      const saved =
        id === null
          ? await api.post<QuickMessageView>('/quick-messages', values)
          : await api.put<QuickMessageView>(`/quick-messages/${id}`, values);
      quickMessagesCache.upsert(qc, saved);
      return file ? uploadQuickMessageMedia(saved.id, file) : saved;
    },
    onSuccess: (saved) => quickMessagesCache.upsert(qc, saved),
  });
}

/** DELETE /quick-messages/:id/media-upload: the attachment goes, the message stays. */
export function useRemoveQuickMessageMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<QuickMessageView>(`/quick-messages/${id}/media-upload`),
    onSuccess: (saved, id) => {
      if (saved && typeof saved === 'object') quickMessagesCache.upsert(qc, saved);
      else quickMessagesCache.patch(qc, (q) => (q.id === id ? { ...q, mediaPath: null, mediaName: null, isMedia: false } : q));
    },
  });
}

export function useDeleteQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/quick-messages/${id}`),
    onSuccess: (_, id) => quickMessagesCache.remove(qc, id),
  });
}
