import { type ContactPage, type ContactView, contactDigits } from '@chatflow/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export interface ContactFilters {
  searchParam: string;
  tagIds: number[];
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (f: ContactFilters) => [...contactKeys.lists(), f] as const,
};

/** GET /contacts page by page (spec 2 §7): searchParam, pageNumber and contactTag as a JSON array of tag ids. */
export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam }) =>
      api.get<ContactPage>('/contacts', {
        searchParam: filters.searchParam,
        pageNumber: pageParam,
        contactTag: filters.tagIds.length ? filters.tagIds : undefined,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Mirrors the server's search: name, e-mail or number (digits to digits) contains the term; any of the chosen tags. */
function matches(c: ContactView, f: ContactFilters) {
  const term = f.searchParam.toLowerCase();
  const digits = contactDigits(term);
  const found = !term || [c.name, c.email].some((v) => v.toLowerCase().includes(term)) || (!!digits && c.number.includes(digits));
  return found && (!f.tagIds.length || c.tags.some((tag) => f.tagIds.includes(tag.id)));
}

export const contactsCache = pagedCache<ContactView, 'contacts', ContactFilters>({
  field: 'contacts',
  listsKey: contactKeys.lists(),
  filtersOf: (key) => (key[2] ?? { searchParam: '', tagIds: [] }) as ContactFilters,
  matches,
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});
