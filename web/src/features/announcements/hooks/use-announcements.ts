import type { AnnouncementData, AnnouncementPage, AnnouncementView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const announcementKeys = {
  all: ['announcements'] as const,
  lists: () => [...announcementKeys.all, 'list'] as const,
  list: (searchParam: string) => [...announcementKeys.lists(), searchParam] as const,
  /** The top bar's popover: what every user reads (the active ones). */
  popover: () => [...announcementKeys.all, 'popover'] as const,
};

const newestFirst = (a: AnnouncementView, b: AnnouncementView) => b.id - a.id;

const fetchPage = (searchParam: string, pageNumber: number) => api.get<AnnouncementPage>('/announcements/', { searchParam, pageNumber });

/** GET /announcements/ {searchParam, pageNumber} → records, hasMore (spec 3 §7). */
export function useAnnouncements(searchParam: string) {
  return useInfiniteQuery({
    queryKey: announcementKeys.list(searchParam),
    queryFn: ({ pageParam }) => fetchPage(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The popover's pages (infinite scroll, spec 1 §2.8). */
export function usePopoverAnnouncements() {
  return useInfiniteQuery({
    queryKey: announcementKeys.popover(),
    queryFn: ({ pageParam }) => fetchPage('', pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    staleTime: 60_000,
  });
}

export const announcementsCache = pagedCache<AnnouncementView, 'records', string>({
  field: 'records',
  listsKey: announcementKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (a, term) => !term || [a.title, a.text].some((v) => v.toLowerCase().includes(term.toLowerCase())),
  compare: newestFirst,
});

/** Only active announcements sit in the popover. */
export const popoverCache = pagedCache<AnnouncementView, 'records', null>({
  field: 'records',
  listsKey: announcementKeys.popover(),
  filtersOf: () => null,
  matches: (a) => a.status,
  compare: newestFirst,
});

export function uploadAnnouncementMedia(id: number, file: File) {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', file);
  return api.post<AnnouncementView>(`/announcements/${id}/media-upload`, form);
}

function store(qc: ReturnType<typeof useQueryClient>, a: AnnouncementView) {
  announcementsCache.upsert(qc, a);
  popoverCache.upsert(qc, a);
}

/** Saves the announcement, then sends a newly chosen picture (a new one has no id before). */
export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, file }: { id: number | null; values: AnnouncementData; file: File | null }) => {
      const saved =
        id === null
          ? await api.post<AnnouncementView>('/announcements', values)
          : await api.put<AnnouncementView>(`/announcements/${id}`, values);
      store(qc, saved);
      return file ? uploadAnnouncementMedia(saved.id, file) : saved;
    },
    onSuccess: (saved) => store(qc, saved),
  });
}

export function useRemoveAnnouncementMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<AnnouncementView>(`/announcements/${id}/media-upload`),
    onSuccess: (saved) => store(qc, saved),
  });
}

/** Spec 3 §7: DELETE /announcements/{id}/media-upload (when media exists) then DELETE /announcements/{id}. */
export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: AnnouncementView) => {
      if (a.mediaPath) await api.delete(`/announcements/${a.id}/media-upload`);
      await api.delete(`/announcements/${a.id}`);
    },
    onSuccess: (_, a) => {
      announcementsCache.remove(qc, a.id);
      popoverCache.remove(qc, a.id);
    },
  });
}
