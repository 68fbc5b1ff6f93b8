import { type SessionUserView, type TicketView, ticketCountCap } from '@chatflow/contract';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { SHORTCUTS } from '../../../lib/shortcuts';
import { useShortcut } from '../../../lib/use-shortcut';
import type { HeldTicket } from '../../../lib/held-ticket';
import { useManagerState, type WorkTab } from '../hooks/use-manager-state';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { useTicketCounts } from '../hooks/use-ticket-counts';
import { ensureTicketList, useTicketListCount } from '../hooks/use-tickets';
import { ticketListPermissions } from '../permissions';
import { useTicketsRealtime } from '../realtime';
import { firstWaiting, neighbourTicket, nextUnanswered } from '../next-ticket';
import { flattenPages, type TicketPages, ticketKeys } from '../ticket-cache';
import { ManagerToolbar } from './ManagerToolbar';
import { QueueSelect } from './QueueSelect';
import { SearchBar } from './SearchBar';
import { CountLabel } from './CountLabel';
import { TicketList } from './TicketList';
import type { TicketTab } from '../types';

// Dialogs and the filter panel load when first used: the list shows without their code (and the
// autocomplete it needs), which keeps the /tickets route within its JavaScript budget.
const AcceptTicketModal = lazy(() => import('../../../components/AcceptTicketModal').then((m) => ({ default: m.AcceptTicketModal })));
const HeldTicketDialog = lazy(() => import('../../../components/HeldTicketDialog').then((m) => ({ default: m.HeldTicketDialog })));
const NewTicketModal = lazy(() => import('./NewTicketModal').then((m) => ({ default: m.NewTicketModal })));
const TicketFiltersPanel = lazy(() => import('./TicketFiltersPanel').then((m) => ({ default: m.TicketFiltersPanel })));
const ConfirmationDialog = lazy(() => import('../../../components/ConfirmationDialog').then((m) => ({ default: m.ConfirmationDialog })));

/** Mounts its content once `when` has been true, and keeps it (so a dialog can animate closed). */
function OnceShown({ when, children }: { when: boolean; children: ReactNode }) {
  const shown = useRef(false);
  if (when) shown.current = true;
  return shown.current ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const CLOSE_ALL_MAX_ROUNDS = 100;

interface Props {
  user: SessionUserView;
  selectedUuid: string | null;
  /** Show a ticket's conversation (the page navigates, and on a narrow screen switches tab). */
  onOpenTicket(uuid: string): void;
}

/**
 * The ticket side of /tickets (spec 1 §2.5): search and filters, toolbar, queue selector, the three
 * working tabs with their counts, the resolved and search views, and the list of the one in view.
 */
export function TicketsManager({ user, selectedUuid, onOpenTicket }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const permissions = useMemo(() => ticketListPermissions(user), [user]);
  const m = useManagerState(user, permissions);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [closeAllOpen, setCloseAllOpen] = useState(false);
  const [held, setHeld] = useState<HeldTicket | null>(null);

  const opened = useCallback(
    (ticket: Pick<TicketView, 'uuid' | 'status'>) => {
      m.showTabOf(ticket.status);
      onOpenTicket(ticket.uuid);
    },
    [m.showTabOf, onOpenTicket],
  );
  const actions = useTicketActions({ user, onOpened: opened });

  // The open conversation's ticket changed elsewhere (its header, another agent): once it is the
  // user's, its tab is shown, as after accepting it here.
  const lastStatus = useRef<string | null>(null);
  const onOpenTicketUpdate = useCallback(
    (ticket: TicketView) => {
      const changed = lastStatus.current !== null && lastStatus.current !== ticket.status;
      lastStatus.current = ticket.status;
      if (changed && ticket.userId === user.id) m.showTabOf(ticket.status);
    },
    [m.showTabOf, user.id],
  );
  useTicketsRealtime({ viewer: user, visibleTab: m.activeTab, openUuid: selectedUuid, onOpenTicketUpdate });

  const counts = useTicketCounts(m.filters.open.queueIds, m.filters.open.showAll).data;
  // The resolved and search views show their list's own count.
  const viewCount = useTicketListCount(m.filters[m.activeTab], m.view !== 'open');

  const select = useCallback(
    (ticket: TicketView) => {
      lastStatus.current = ticket.status;
      onOpenTicket(ticket.uuid);
    },
    [onOpenTicket],
  );

  // J / K: the next or previous ticket of the list on screen, as far as it has loaded.
  const openNeighbour = (delta: 1 | -1) => {
    const rows = flattenPages(qc.getQueryData<TicketPages>(ticketKeys.list(m.filters[m.activeTab])));
    const next = neighbourTicket(rows, selectedUuid, delta);
    if (next) select(next);
  };
  useShortcut(SHORTCUTS.nextTicket, () => openNeighbour(1));
  useShortcut(SHORTCUTS.previousTicket, () => openNeighbour(-1));
  // N: the next ticket whose customer waits for an answer; E: resolve mine (with the farewell, the
  // menu's first choice) and go straight to the top of the waiting list, the agent's usual next step.
  const loadedRows = (tab: TicketTab) => flattenPages(qc.getQueryData<TicketPages>(ticketKeys.list(m.filters[tab])));
  useShortcut(SHORTCUTS.nextUnanswered, () => {
    const next = nextUnanswered(loadedRows(m.activeTab), selectedUuid);
    if (next) select(next);
  });
  const resolveAndNext = async () => {
    const mine = loadedRows('open').find((tk) => tk.uuid === selectedUuid && tk.userId === user.id);
    if (!mine) return;
    try {
      await api.put(`/tickets/${mine.id}`, { status: 'closed', userId: user.id, queueId: mine.queueId, sendFarewellMessage: true });
    } catch (err) {
      return toastError(err);
    }
    const next = firstWaiting(flattenPages(await ensureTicketList(qc, m.filters.pending).catch(() => undefined)), mine.uuid);
    m.showTabOf('pending');
    if (next) select(next); // none waiting: the resolved ticket stays on screen
  };
  useShortcut(SHORTCUTS.resolveAndNext, () => void resolveAndNext(), !!selectedUuid);

  const closeAll = async () => {
    try {
      // No selection sent means every queue (the selector's default); a big backlog takes several calls.
      const body = { status: m.activeTab, selectedQueueIds: m.queueIds ?? [] };
      for (let round = 0; round < CLOSE_ALL_MAX_ROUNDS; round++) {
        const res = await api.post<{ hasMore?: boolean }>('/tickets/closeAll', body);
        if (!res?.hasMore) break;
      }
      // One bulk change: the lists are fetched again rather than patched ticket by ticket.
      await qc.invalidateQueries({ queryKey: ticketKeys.all });
      notify(t('tickets.closeAll.done'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}
      data-testid="tickets-manager"
    >
      <SearchBar
        typed={m.typed}
        onType={m.setTyped}
        searchOnMessages={m.searchOnMessages}
        onSearchOnMessages={m.setSearchOnMessages}
        filtersOpen={m.filtersOpen}
        onToggleFilters={m.toggleFilters}
        activeFilters={m.activeFilterCount}
        searching={m.view === 'search'}
      >
        <QueueSelect queues={m.queues} showsNoQueue={permissions.seesNoQueue} queueIds={m.queueIds} onChange={m.setQueueIds} />
      </SearchBar>
      {m.view === 'search' && m.filtersOpen && (
        <Suspense fallback={null}>
          <TicketFiltersPanel value={m.search} onChange={m.setSearch} showUsers={permissions.canFilterUsers} />
        </Suspense>
      )}
      <ManagerToolbar
        view={m.view}
        onView={m.setView}
        showAllAllowed={m.view === 'search' ? permissions.admin : permissions.canShowAll}
        showAll={m.showAll}
        onShowAll={m.setShowAll}
        sort={m.sortTickets}
        onSort={m.setSort}
        canCloseAll={permissions.canCloseAll && m.queueIds?.length !== 0}
        onCloseAll={() => setCloseAllOpen(true)}
        onNewTicket={() => setNewTicketOpen(true)}
      />
      {m.view === 'open' ? (
        <Tabs
          value={m.workTab}
          onChange={(_e, v: WorkTab) => m.setWorkTab(v)}
          variant="fullWidth"
          sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 40, textTransform: 'none' } }}
        >
          <Tab
            value="open"
            data-testid="tab-open"
            label={<CountLabel label={t('tickets.tabs.open')} count={counts?.open} testId="count-open" />}
          />
          <Tab
            value="pending"
            data-testid="tab-pending"
            label={<CountLabel label={t('tickets.tabs.pending')} count={counts?.pending} testId="count-pending" />}
          />
          {permissions.seesGroups && (
            <Tab
              value="group"
              data-testid="tab-group"
              label={<CountLabel label={t('tickets.tabs.group')} count={counts?.group} testId="count-group" />}
            />
          )}
        </Tabs>
      ) : (
        // Drawn like the one selected tab of the open view (same height, centred, underlined), not as a small
        // caption in the corner that read as a leftover beside the full-width tabs.
        <Box
          sx={{
            minHeight: 40,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderBottom: 2,
            borderColor: 'primary.main',
          }}
        >
          <Typography variant="subtitle2" color="primary" data-testid="view-title">
            <CountLabel
              label={t(`tickets.views.${m.view}`)}
              count={viewCount}
              testId={`count-${m.view}`}
              cap={ticketCountCap({ status: m.activeTab, searchParam: m.filters[m.activeTab].searchParam })}
            />
          </Typography>
        </Box>
      )}
      <TicketList
        key={JSON.stringify(m.filters[m.activeTab])}
        filters={m.filters[m.activeTab]}
        selectedUuid={selectedUuid}
        permissions={permissions}
        busyId={actions.busyId}
        onSelect={select}
        onAccept={actions.accept}
        onIgnore={actions.ignore}
        onSearchMessages={m.activeTab === 'search' ? () => m.setSearchOnMessages(true) : undefined}
      />

      <OnceShown when={!!actions.needsQueue}>
        <AcceptTicketModal
          open={!!actions.needsQueue}
          queues={m.queues}
          busy={actions.busyId !== null}
          onClose={actions.cancelQueueChoice}
          onAccept={(queueId) => actions.needsQueue && actions.accept(actions.needsQueue, queueId)}
        />
      </OnceShown>
      <OnceShown when={!!(actions.held ?? held)}>
        <HeldTicketDialog
          held={actions.held ?? held}
          onClose={() => {
            actions.closeHeld();
            setHeld(null);
          }}
        />
      </OnceShown>
      <OnceShown when={newTicketOpen}>
        <NewTicketModal
          open={newTicketOpen}
          user={user}
          queues={m.queues}
          onClose={() => setNewTicketOpen(false)}
          onOpened={opened}
          onHeld={setHeld}
        />
      </OnceShown>
      <OnceShown when={closeAllOpen}>
        <ConfirmationDialog
          open={closeAllOpen}
          title={t('tickets.closeAll.title')}
          onConfirm={closeAll}
          onClose={() => setCloseAllOpen(false)}
          confirmColor="primary"
        >
          {t('tickets.closeAll.question')}
        </ConfirmationDialog>
      </OnceShown>
    </Paper>
  );
}
