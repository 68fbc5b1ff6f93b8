import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketKeys } from '../ticket-cache';
import type { TicketFilters, TicketPage } from '../types';

/**
 * The GET /tickets parameters of a list (spec 1 §7); list values travel as JSON arrays. Without a
 * status the server lists the search view; without queueIds, the user's queues.
 */
export function ticketQuery(filters: TicketFilters) {
  const search = filters.tab === 'search';
  return {
    status: search ? undefined : filters.tab,
    searchParam: search ? filters.searchParam : undefined,
    searchOnMessages: search && filters.searchOnMessages ? 'true' : undefined,
    showAll: filters.showAll ? 'true' : 'false',
    queueIds: filters.queueIds ?? undefined,
    tags: search && filters.tags.length ? filters.tags : undefined,
    users: search && filters.users.length ? filters.users : undefined,
    whatsapps: search && filters.whatsapps.length ? filters.whatsapps : undefined,
    statusFilter: search && filters.statuses.length ? filters.statuses : undefined,
    sortTickets: filters.sortTickets,
  };
}

const listOptions = (filters: TicketFilters, enabled: boolean) => ({
  queryKey: ticketKeys.list(filters),
  queryFn: ({ pageParam }: { pageParam: number }) => api.get<TicketPage>('/tickets', { ...ticketQuery(filters), pageNumber: pageParam }),
  initialPageParam: 1,
  getNextPageParam: (last: TicketPage, pages: TicketPage[]) => (last.hasMore ? pages.length + 1 : undefined),
  enabled,
  // Realtime keeps cached lists current; a remount shows them at once instead of refetching.
  staleTime: Number.POSITIVE_INFINITY,
});

/** A list's first page from the cache, fetched when its tab was never shown (E needs the waiting tab's top). */
export const ensureTicketList = (qc: QueryClient, filters: TicketFilters) => qc.ensureInfiniteQueryData(listOptions(filters, true));

/** One list of the manager, page by page (STYLE: useInfiniteQuery for every hasMore list). */
export function useTickets(filters: TicketFilters, enabled = true) {
  return useInfiniteQuery(listOptions(filters, enabled));
}

/**
 * The count a list reports (its first page's), for a title beside the list. Selected from the same
 * cached list, so the component showing it re-renders when the count changes, not on every page
 * the list loads while it scrolls.
 */
export function useTicketListCount(filters: TicketFilters, enabled = true): number | undefined {
  return useInfiniteQuery({ ...listOptions(filters, enabled), select: (data) => data.pages[0]?.count }).data;
}
