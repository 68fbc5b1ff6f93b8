import type { ContactTicketPage } from '@chatflow/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /contacts/{id}/tickets: the contact's past tickets the caller may see, newest first, a page at a time. */
export function useContactTickets(contactId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['conversation', 'contact-tickets', contactId],
    queryFn: ({ pageParam }) => api.get<ContactTicketPage>(`/contacts/${contactId}/tickets`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
}
