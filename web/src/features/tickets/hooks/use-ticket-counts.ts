import type { TicketCounts } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketKeys } from '../ticket-cache';

/**
 * GET /tickets/counts: the badges of the three working tabs in one call, with the same queue choice
 * and "Todos" as the lists. Realtime asks for a recount (see realtime.ts) when a ticket changes tab.
 */
export function useTicketCounts(queueIds: number[] | null, showAll: boolean) {
  return useQuery({
    queryKey: ticketKeys.counts(queueIds, showAll),
    queryFn: () => api.get<TicketCounts>('/tickets/counts', { queueIds: queueIds ?? undefined, showAll: showAll ? 'true' : 'false' }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  });
}
