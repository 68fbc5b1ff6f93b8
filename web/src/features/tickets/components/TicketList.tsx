import type { TicketView } from '@chatflow/contract';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../../components/infinite-scroll';
import { toastError } from '../../../lib/errors';
import { useTickets } from '../hooks/use-tickets';
import type { TicketListPermissions } from '../permissions';
import { flattenPages } from '../ticket-cache';
import type { TicketFilters } from '../types';
import { type TicketRowLabels, ticketRowLabels } from './row-labels';
import { sameRowProps, TicketListItem, type TicketListItemProps } from './TicketListItem';
import { TICKET_ITEM_HEIGHT, TicketRowsBox } from './ticket-row-styles';

interface RowProps {
  selectedUuid: string | null;
  permissions: TicketListPermissions;
  busyId: number | null;
  onSelect(ticket: TicketView): void;
  onAccept(ticket: TicketView): void;
  onIgnore(ticket: TicketView): void;
}

interface Props extends RowProps {
  filters: TicketFilters;
}

/**
 * A row's place in the list. Its size is fixed, so `contain: strict` tells the browser that what
 * happens inside one row (mounting, a badge changing) never moves anything outside it; with the
 * transform, each row is also painted on its own and its painting reused while the list scrolls
 * (placed with `top` and no paint containment, Chromium's paint work per frame was three times higher).
 * The place stays on this wrapper rather than on the row: Chromium reuses the computed styles of
 * elements that match the same rules under a parent whose style it also reused, and an element with
 * its own inline style never is, so with the transform on the row every element of a row mounting in
 * a scroll had its style computed from scratch (style recalculation per frame four times longer).
 */
const slotStyle = (start: number, size: number) => ({
  position: 'absolute', top: 0, left: 0, width: '100%', height: size, transform: `translateY(${start}px)`, contain: 'strict',
}) as const;

interface SlotProps extends TicketListItemProps {
  start: number;
  size: number;
}

/**
 * A row with its place, memoised as one: on a scroll step the rows already in view get the same
 * props, so React stops at this comparison instead of rebuilding their slot and its style object
 * (which it then diffed against the DOM's) for every row in view on every frame.
 */
const TicketSlot = memo(function TicketSlot({ start, size, ...item }: SlotProps) {
  return (
    <div style={slotStyle(start, size)}>
      <TicketListItem {...item} />
    </div>
  );
}, (a, b) => a.start === b.start && a.size === b.size && sameRowProps(a, b));

/**
 * The rows in view (plus a few either side). This is the only part that re-renders as the list
 * scrolls: the virtualizer's state lives here, and each row is memoised with its place (TicketSlot),
 * so a scroll step mounts the rows coming into view and stops at one comparison for the others. The
 * row texts (labels) come from the list, which does not re-render while scrolling, rather than from
 * a translation hook here.
 */
function VirtualRows({ scrollElement, tickets, labels, selectedUuid, permissions, busyId, onSelect, onAccept, onIgnore }: RowProps & {
  scrollElement: HTMLDivElement | null;
  tickets: TicketView[];
  labels: TicketRowLabels;
}) {
  // Stable between scroll steps: the virtualizer lays out all rows again (10,000 of them) whenever
  // this function changes, so a new one on every render would cost that on every frame.
  const getItemKey = useCallback((index: number) => tickets[index]?.id ?? index, [tickets]);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => TICKET_ITEM_HEIGHT,
    overscan: 8,
    getItemKey,
  });
  // While the list moves, the rows take no pointer events: the row under a resting mouse changes on
  // every frame, and each change would re-run hover styles and React's enter/leave events for nothing.
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative', pointerEvents: virtualizer.isScrolling ? 'none' : undefined }}>
      {virtualizer.getVirtualItems().map((row) => {
        const ticket = tickets[row.index];
        return (
          <TicketSlot key={row.key} start={row.start} size={row.size} ticket={ticket} selected={ticket.uuid === selectedUuid}
            showOwner={permissions.seesOwnerTag} canIgnore={permissions.canIgnorePending} busy={busyId === ticket.id} labels={labels}
            onSelect={onSelect} onAccept={onAccept} onIgnore={onIgnore} />
        );
      })}
    </div>
  );
}

/**
 * One list of the manager. Only the rows in view (plus a few) are in the DOM, so ten thousand loaded
 * tickets scroll as smoothly as ten; the next page is asked for within 100 px of the bottom.
 * data-loaded and data-has-more say how many rows are loaded and whether the server has more.
 */
export function TicketList({ filters, ...rowProps }: Props) {
  const { t } = useTranslation();
  const labels = useMemo(() => ticketRowLabels(t), [t]);
  const query = useTickets(filters);
  const tickets = useMemo(() => flattenPages(query.data), [query.data]);
  const scroll = useLoadMoreOnScroll(query, tickets.length);
  // The rows need the scrolling box itself, as state: they mount before the box's ref is set, and
  // with the tickets already cached (a tab shown again) nothing else would render them a second time.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const boxRef = useCallback((el: HTMLDivElement | null) => {
    scroll.ref.current = el;
    setScrollElement(el);
  }, [scroll.ref]);

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  return (
    <TicketRowsBox ref={boxRef} onScroll={scroll.onScroll} data-testid="ticket-list" data-tab={filters.tab}
      data-loaded={tickets.length} data-has-more={query.hasNextPage ? 'true' : 'false'}>
      {query.isLoading && <Box sx={{ p: 3, textAlign: 'center' }}><CircularProgress size={24} /></Box>}
      {!query.isLoading && tickets.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }} data-testid="ticket-list-empty">
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{t('tickets.list.noTicketsTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('tickets.list.noTicketsMessage')}</Typography>
        </Box>
      )}
      <VirtualRows scrollElement={scrollElement} tickets={tickets} labels={labels} {...rowProps} />
      {query.isFetchingNextPage && <Box sx={{ p: 1, textAlign: 'center' }}><CircularProgress size={20} /></Box>}
    </TicketRowsBox>
  );
}
