import type { TicketStatus } from '@chatflow/contract';

export type { TicketPage } from '@chatflow/contract';

/** The list's views: three working tabs, the resolved list and the search (spec 1 §2.5). */
export type TicketTab = 'open' | 'pending' | 'group' | 'closed' | 'search';
export type SortOrder = 'ASC' | 'DESC';

/** Everything that decides which tickets a list shows; it is also the list's query key. */
export interface TicketFilters {
  tab: TicketTab;
  /**
   * The queue selector's choice; null is its default, every queue of the user (an admin: every
   * queue). Tickets without a queue and the user's own tickets pass any choice, as on the server.
   */
  queueIds: number[] | null;
  /** The list shows everyone's tickets, not only the user's (what "Todos" and the user's rights give). */
  showAll: boolean;
  searchParam: string;
  searchOnMessages: boolean;
  tags: number[];
  users: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
  sortTickets: SortOrder;
}

/** The signed-in user as far as the list's rules go. */
export interface ListViewer {
  id: number;
  profile: 'user' | 'admin';
}
