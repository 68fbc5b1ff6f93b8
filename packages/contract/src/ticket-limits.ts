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
