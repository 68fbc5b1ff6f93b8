import type { ContactView, TicketPage, TicketView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';

/** The bar answers while the user types: shorter than the lists' 500 ms, still one call per pause. */
export const COMMAND_DEBOUNCE_MS = 250;
/** Rows per group: the bar is for jumping, the lists are for browsing. */
export const GROUP_LIMIT = 5;
/** A ticket number is an id: at most 2³¹−1, ten digits. */
const TICKET_NUMBER = /^#?(\d{1,10})$/;

/** GET /tickets/:id for "#123" or "123": the server answers 404 for a ticket the user may not see. */
async function ticketByNumber(term: string): Promise<TicketView | null> {
  const id = Number(TICKET_NUMBER.exec(term)?.[1]);
  if (!id || id > 2 ** 31 - 1) return null;
  try {
    return await api.get<TicketView>(`/tickets/${id}`);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 400)) return null;
    throw err;
  }
}

/**
 * Tickets for the term: the one whose number it is, then the search view of GET /tickets (contact
 * name or number, with the user's own visibility rules applied by the server).
 */
async function searchTickets(term: string): Promise<TicketView[]> {
  const [byNumber, page] = await Promise.all([
    ticketByNumber(term),
    api.get<TicketPage>('/tickets', { searchParam: term, showAll: 'false', pageNumber: 1 }),
  ]);
  const rest = page.tickets.filter((t) => t.id !== byNumber?.id);
  return [...(byNumber ? [byNumber] : []), ...rest].slice(0, GROUP_LIMIT);
}

/** The command bar's ticket and contact results for what is typed (nothing for an empty box). */
export function useCommandSearch(typed: string) {
  const term = useDebounced(typed, COMMAND_DEBOUNCE_MS);
  const enabled = term.length > 0;
  const tickets = useQuery({
    queryKey: ['command-bar', 'tickets', term],
    queryFn: () => searchTickets(term),
    enabled,
    staleTime: 10_000,
  });
  const contacts = useQuery({
    queryKey: ['command-bar', 'contacts', term],
    queryFn: async () =>
      (await api.get<{ contacts: ContactView[] }>('/contacts', { searchParam: term, pageNumber: 1 })).contacts.slice(0, GROUP_LIMIT),
    enabled,
    staleTime: 10_000,
  });
  return {
    tickets: enabled ? (tickets.data ?? []) : [],
    contacts: enabled ? (contacts.data ?? []) : [],
    loading: enabled && (tickets.isFetching || contacts.isFetching),
    /** The results are for what is in the box (not a term still settling). */
    settled: term === typed.trim(),
  };
}
