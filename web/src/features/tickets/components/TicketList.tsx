import type { TicketView } from '@chatflow/contract';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../../components/infinite-scroll';
import { toastError } from '../../../lib/errors';
import { useTickets } from '../hooks/use-tickets';
import { flattenPages } from '../ticket-cache';
import type { TicketListPermissions } from '../permissions';
import type { TicketFilters } from '../types';
import { TICKET_ITEM_HEIGHT, TicketListItem } from './TicketListItem';

interface Props {
  filters: TicketFilters;
  selectedUuid: string | null;
  permissions: TicketListPermissions;
  busyId: number | null;
  onSelect(ticket: TicketView): void;
  onAccept(ticket: TicketView): void;
  onIgnore(ticket: TicketView): void;
}

/**
 * One list of the manager. Only the rows in view (plus a few) are in the DOM, so ten thousand loaded
 * tickets scroll as smoothly as ten; the next page is asked for within 100 px of the bottom.
 */
export function TicketList({ filters, selectedUuid, permissions, busyId, onSelect, onAccept, onIgnore }: Props) {
  const { t } = useTranslation();
  const query = useTickets(filters);
  const tickets = useMemo(() => flattenPages(query.data), [query.data]);
  const scroll = useLoadMoreOnScroll(query, tickets.length);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scroll.ref.current,
    estimateSize: () => TICKET_ITEM_HEIGHT,
    overscan: 8,
    getItemKey: (index) => tickets[index]?.id ?? index,
  });

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  return (
    <Box ref={scroll.ref} onScroll={scroll.onScroll} sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
      data-testid="ticket-list" data-tab={filters.tab}>
      {query.isLoading && <Box sx={{ p: 3, textAlign: 'center' }}><CircularProgress size={24} /></Box>}
      {!query.isLoading && tickets.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }} data-testid="ticket-list-empty">
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{t('tickets.list.noTicketsTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('tickets.list.noTicketsMessage')}</Typography>
        </Box>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const ticket = tickets[row.index];
          return (
            // A plain element with inline position: no style work per row while scrolling.
            <div key={row.key} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: row.size, transform: `translateY(${row.start}px)` }}>
              <TicketListItem ticket={ticket} selected={ticket.uuid === selectedUuid} showOwner={permissions.seesOwnerTag}
                canIgnore={permissions.canIgnorePending} busy={busyId === ticket.id}
                onSelect={onSelect} onAccept={onAccept} onIgnore={onIgnore} />
            </div>
          );
        })}
      </div>
      {query.isFetchingNextPage && <Box sx={{ p: 1, textAlign: 'center' }}><CircularProgress size={20} /></Box>}
    </Box>
  );
}
