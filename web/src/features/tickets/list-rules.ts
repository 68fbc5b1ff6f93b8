import type { TicketView } from '@chatflow/contract';
import type { ListViewer, TicketFilters, TicketTab } from './types';

/** The tab a ticket lives in by its status; lgpd and nps tickets appear in no working tab. */
export function tabOfStatus(status: TicketView['status']): TicketTab | null {
  return status === 'open' || status === 'pending' || status === 'group' || status === 'closed' ? status : null;
}

/** The queue selector lets through the chosen queues, tickets without a queue and the user's own. */
const passesQueues = (ticket: TicketView, filters: TicketFilters, viewer: ListViewer) =>
  filters.queueIds === null || ticket.queueId === null || ticket.userId === viewer.id || filters.queueIds.includes(ticket.queueId);

/**
 * Whether a ticket that arrives by realtime belongs in a cached list (the server sent it only to
 * users allowed to see it). The same conditions as GET /tickets for each tab:
 * - open and closed: the user's own tickets, everyone's when the list shows all;
 * - pending: free tickets or the user's, everyone's when the list shows all;
 * - group: every group ticket (no queue selection);
 * - search: a snapshot of what matched when it ran; its rows are refreshed in place, none added.
 */
export function belongsToList(ticket: TicketView, filters: TicketFilters, viewer: ListViewer): boolean {
  if (filters.tab === 'search' || tabOfStatus(ticket.status) !== filters.tab) return false;
  if (filters.tab === 'group') return true;
  if (!passesQueues(ticket, filters, viewer)) return false;
  if (filters.showAll) return true;
  return ticket.userId === viewer.id || (filters.tab === 'pending' && ticket.userId === null);
}

/** Newest first by default; the sort toggle turns it (updatedAt ascending). Ties by id, like the server. */
export function compareTickets(a: TicketView, b: TicketView, order: TicketFilters['sortTickets']): number {
  const diff = Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.id - b.id;
  return order === 'ASC' ? diff : -diff;
}
