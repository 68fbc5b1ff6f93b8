import type { SessionUserView, TicketStatus } from '@chatflow/contract';
import type { TicketListPermissions } from './permissions';
import type { SortOrder, TicketFilters, TicketTab } from './types';

/** What the manager's controls hold; each list's filters are derived from it. */
export interface ManagerState {
  /** null: the selector's default, every queue of the user. */
  queueIds: number[] | null;
  showAll: boolean;
  sortTickets: SortOrder;
  searchParam: string;
  searchOnMessages: boolean;
  tags: number[];
  users: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
}

/**
 * Whether a list shows everyone's tickets (spec 1 §6): "Todos" counts only for users allowed it; in
 * the search only for admins (a user's search never shows all); the resolved list shows everyone's
 * to admins and allHistoric users anyway (as the server reads that flag); groups have no owner rule.
 */
function showsAll(tab: TicketTab, state: ManagerState, permissions: TicketListPermissions, user: Pick<SessionUserView, 'allHistoric'>) {
  switch (tab) {
    case 'group':
      return false;
    case 'search':
      return permissions.admin && state.showAll;
    case 'closed':
      return permissions.admin || user.allHistoric === 'enabled' || (permissions.canShowAll && state.showAll);
    default:
      return permissions.canShowAll && state.showAll;
  }
}

/**
 * The filters of one list (spec 1 §2.5): the sort toggle is hidden on the resolved and search views,
 * which stay newest first; search terms and filters belong to the search view; groups take no
 * queue selection.
 */
export function filtersFor(
  tab: TicketTab,
  state: ManagerState,
  permissions: TicketListPermissions,
  user: Pick<SessionUserView, 'allHistoric'>,
): TicketFilters {
  const search = tab === 'search';
  return {
    tab,
    queueIds: tab === 'group' ? null : state.queueIds,
    showAll: showsAll(tab, state, permissions, user),
    sortTickets: tab === 'closed' || search ? 'DESC' : state.sortTickets,
    searchParam: search ? state.searchParam : '',
    searchOnMessages: search && state.searchOnMessages,
    tags: search ? state.tags : [],
    users: search && permissions.canFilterUsers ? state.users : [],
    whatsapps: search ? state.whatsapps : [],
    statuses: search ? state.statuses : [],
  };
}
