import type { TicketView } from '@chatflow/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from '../keys';

/** GET /tickets/u/:uuid: the open ticket (header, input state, contact). */
export function useTicket(uuid: string) {
  return useQuery({
    queryKey: conversationKeys.ticket(uuid),
    queryFn: () => api.get<TicketView>(`/tickets/u/${encodeURIComponent(uuid)}`),
    retry: false,
  });
}

export function setTicket(qc: QueryClient, ticket: TicketView) {
  qc.setQueryData<TicketView>(conversationKeys.ticket(ticket.uuid), ticket);
}

/** Merge a change into the cached ticket (a contact toggle, a tag change) without a refetch. */
export function patchTicket(qc: QueryClient, uuid: string, patch: (t: TicketView) => TicketView) {
  qc.setQueryData<TicketView>(conversationKeys.ticket(uuid), (t) => (t ? patch(t) : t));
}
