import type { MessagePage } from '@chatflow/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from '../keys';

/**
 * GET /messages/:uuid page by page: page 1 is the newest, `fetchNextPage` brings older ones (the list
 * asks when scrolled near the top). The key holds the uuid, so another ticket starts from a clean list.
 */
export function useMessages(uuid: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(uuid),
    queryFn: ({ pageParam }) => api.get<MessagePage>(`/messages/${encodeURIComponent(uuid)}`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    // Realtime events keep the list current; refetching every page on focus would throw that away.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}
