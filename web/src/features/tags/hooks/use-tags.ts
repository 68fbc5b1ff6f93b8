import type { TagPage, TagView } from '@chatflow/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { tagOptionsKey } from '../../../lib/lookups';
import { pagedCache } from '../../../lib/paged-cache';

/** The tags page lists plain tags; kanban lanes (kanban = 1) have their own screen. */
const KANBAN_OFF = 0;

export const tagKeys = {
  all: ['tags'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  list: (searchParam: string) => [...tagKeys.lists(), searchParam] as const,
  options: () => tagOptionsKey,
  detail: (id: number) => [...tagKeys.all, 'detail', id] as const,
};

/** GET /tags {searchParam, pageNumber, kanban: 0} page by page (spec 3 §7). */
export function useTags(searchParam: string) {
  return useInfiniteQuery({
    queryKey: tagKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<TagPage>('/tags', { searchParam, pageNumber: pageParam, kanban: KANBAN_OFF }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export const tagsCache = pagedCache<TagView, 'tags', string>({
  field: 'tags',
  listsKey: tagKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (tag, term) => tag.kanban === KANBAN_OFF && (!term || tag.name.toLowerCase().includes(term.toLowerCase())),
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});
