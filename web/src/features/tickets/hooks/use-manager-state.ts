import type { QueueRef, SessionUserView, TicketStatus } from '@chatflow/contract';
import { useCallback, useMemo, useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { useQueues } from '../../queues';
import type { ManagerView } from '../components/ManagerToolbar';
import { filtersFor, type ManagerState } from '../manager-filters';
import type { TicketListPermissions } from '../permissions';
import type { SortOrder, TicketFilters, TicketTab } from '../types';

export type WorkTab = 'open' | 'pending' | 'group';

const NO_SEARCH_FILTERS = { tags: [] as number[], whatsapps: [] as number[], statuses: [] as TicketStatus[], users: [] as number[] };

/**
 * The manager's controls and the filters they give each list. The queue selector offers the queues
 * the user works in: an admin sees every ticket, so every company queue; a user, their own queues.
 */
export function useManagerState(user: SessionUserView, permissions: TicketListPermissions) {
  const companyQueues = useQueues();
  const queues: QueueRef[] = useMemo(
    () => (permissions.admin ? (companyQueues.data ?? []).map(({ id, name, color }) => ({ id, name, color })) : user.queues),
    [permissions.admin, companyQueues.data, user.queues],
  );

  const [view, setView] = useState<ManagerView>('open');
  const [workTab, setWorkTab] = useState<WorkTab>('open');
  const [showAll, setShowAll] = useState(false);
  const [sortTickets, setSort] = useState<SortOrder>('DESC');
  const [queueIds, setQueueIds] = useState<number[] | null>(null);
  const [typed, setTypedText] = useState('');
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState(NO_SEARCH_FILTERS);

  /** The list search waits 500 ms after typing (spec 1 §9). */
  const searchParam = useDebounced(typed);

  const currentWorkTab: WorkTab = workTab === 'group' && !permissions.seesGroups ? 'open' : workTab;
  const activeTab: TicketTab = view === 'open' ? currentWorkTab : view;

  const state: ManagerState = useMemo(
    () => ({
      queueIds,
      showAll,
      sortTickets,
      searchParam,
      searchOnMessages,
      ...search,
    }),
    [queueIds, showAll, sortTickets, searchParam, searchOnMessages, search],
  );
  const filters = useMemo(
    () =>
      Object.fromEntries(
        (['open', 'pending', 'group', 'closed', 'search'] as const).map((tab) => [tab, filtersFor(tab, state, permissions, user)]),
      ) as Record<TicketTab, TicketFilters>,
    [state, permissions, user],
  );

  const setTyped = useCallback((text: string) => {
    setTypedText(text);
    if (text.trim()) setView('search');
  }, []);
  const toggleFilters = useCallback(() => {
    setFiltersOpen((o) => !o);
    setView('search');
  }, []);

  /** Show a ticket's own tab (after accepting or creating it). */
  const showTabOf = useCallback(
    (status: TicketStatus) => {
      if (status === 'open' || status === 'pending' || (status === 'group' && permissions.seesGroups)) {
        setView('open');
        setWorkTab(status);
      }
    },
    [permissions.seesGroups],
  );

  return {
    queues,
    view,
    setView,
    workTab: currentWorkTab,
    setWorkTab,
    activeTab,
    filters,
    showAll,
    setShowAll,
    sortTickets,
    setSort,
    queueIds,
    setQueueIds,
    typed,
    setTyped,
    searchOnMessages,
    setSearchOnMessages,
    filtersOpen,
    toggleFilters,
    search,
    setSearch,
    activeFilterCount: search.tags.length + search.whatsapps.length + search.statuses.length + search.users.length,
    showTabOf,
  };
}
