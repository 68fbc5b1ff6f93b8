// Limits of the ticket list, apart from the request schemas (tickets.ts re-exports them): the web's
// first paint of /tickets needs these numbers and none of the validation code.

/** Page size of GET /tickets (the spec does not state one). */
export const TICKET_PAGE_SIZE = 40;
/**
 * `count` of GET /tickets stops at this number: a tab badge shows "99+" long before it, and counting
 * a whole closed history on every page would cost more than the page itself. A larger count reads
 * as the cap.
 */
export const TICKET_COUNT_CAP = 1_000;
/** Message bodies are searched only from this length on: the trigram index needs three characters. */
export const MESSAGE_SEARCH_MIN_LENGTH = 3;
/**
 * `count` of a search stops here instead (shown "99+"): the search view, or any list given a term.
 * Whoever searches reads the newest matches; proving a thousand of them among the tickets one may see
 * can mean reading tens of thousands of tickets and messages, for a number nobody uses.
 */
export const SEARCH_COUNT_CAP = 100;

/** Whether a list's term is also looked for in message bodies (searchOnMessages and a long enough term). */
export const searchesMessages = (q: { searchParam?: string; searchOnMessages?: boolean }): boolean =>
  Boolean(q.searchOnMessages) && (q.searchParam ?? '').trim().length >= MESSAGE_SEARCH_MIN_LENGTH;

/** Where a list's `count` stops: SEARCH_COUNT_CAP for the search view or a list given a term, else TICKET_COUNT_CAP. */
export const ticketCountCap = (q: { status?: string; searchParam?: string }): number =>
  q.status === 'search' || (q.searchParam ?? '').trim() !== '' ? SEARCH_COUNT_CAP : TICKET_COUNT_CAP;
