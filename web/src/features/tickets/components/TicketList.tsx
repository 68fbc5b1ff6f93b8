import type { TicketView } from '@chatflow/contract';
import { Box, Button, CircularProgress, Skeleton, Typography } from '@mui/material';
import { type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../../components/infinite-scroll';
import { toastError } from '../../../lib/errors';
import { useTickets } from '../hooks/use-tickets';
import type { TicketListPermissions } from '../permissions';
import { flattenPages } from '../ticket-cache';
import type { TicketFilters } from '../types';
import { type TicketRowLabels, ticketRowLabels } from './row-labels';
import { fixedWindow, inSlotOrder, windowLength } from './row-slots';
import { ROW_INDEX_ATTR, useRowKeyboard } from './use-row-keyboard';
import { sameRowProps, TicketListItem, type TicketListItemProps } from './TicketListItem';
import { TICKET_ITEM_HEIGHT, TicketRowsBox } from './ticket-row-styles';

/** Enough placeholder rows to fill a tall list while its first page loads. */
const SKELETON_ROWS = 8;

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
  /** Given in the search view: an empty result offers to search the messages' text as well. */
  onSearchMessages?(): void;
}

/**
 * A row's place in the list. Its size is fixed, so `contain: strict` tells the browser that what
 * happens inside one row (mounting, a badge changing) never moves anything outside it; with the
 * transform, each row is also painted on its own and its painting reused while the list scrolls
 * (placed with `top` and no paint containment, each frame repainted far more).
 * The place stays on this wrapper rather than on the row: Chromium reuses the computed styles of
 * elements that match the same rules under a parent whose style it also reused, and an element with
 * its own inline style never is, so with the transform on the row every element of a row mounting in
 * a scroll had its style computed from scratch.
 */
const slotStyle = (start: number, size: number) =>
  ({
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    height: size,
    transform: `translateY(${start}px)`,
    contain: 'strict',
  }) as const;

interface SlotProps extends TicketListItemProps {
  index: number;
  setSize: number;
  start: number;
  size: number;
}

/**
 * A row with its place, memoised as one: on a scroll step the rows already in view get the same
 * props, so React stops at this comparison instead of rebuilding their slot and its style object
 * (which it then diffed against the DOM's) for every row in view on every frame. The slot is a list
 * item that says its position, since the slots' DOM order is not the list's (row-slots.ts).
 */
const TicketSlot = memo(
  function TicketSlot({ index, setSize, start, size, ...item }: SlotProps) {
    return (
      <li aria-setsize={setSize} aria-posinset={index + 1} {...{ [ROW_INDEX_ATTR]: index }} style={slotStyle(start, size)}>
        <TicketListItem {...item} />
      </li>
    );
  },
  (a, b) => a.index === b.index && a.setSize === b.setSize && a.start === b.start && a.size === b.size && sameRowProps(a, b),
);

/**
 * The rows in view (plus those kept ahead of the scroll and behind it, row-slots.ts). This is the only part that re-renders as the list
 * scrolls: the virtualizer's state lives here, and each row is memoised with its place (TicketSlot),
 * so a scroll step gives the slots that left the view their new rows and stops at one comparison for
 * the others. The row texts (labels) come from the list, which does not re-render while scrolling,
 * rather than from a translation hook here.
 */
function VirtualRows({
  scrollElement,
  tickets,
  labels,
  selectedUuid,
  permissions,
  busyId,
  onSelect,
  onAccept,
  onIgnore,
}: RowProps & {
  scrollElement: HTMLDivElement | null;
  tickets: TicketView[];
  labels: TicketRowLabels;
}) {
  // Stable between scroll steps: the virtualizer lays out all rows again (10,000 of them) whenever
  // this function changes, so a new one on every render would cost that on every frame.
  const getItemKey = useCallback((index: number) => tickets[index]?.id ?? index, [tickets]);
  // The slot count only grows (a taller list), so a row's slot stays put while the list scrolls.
  const slotCount = useRef(0);
  // The way the list last moved (down until it first moves), read from the first row in view and kept
  // when it stops: the window keeps its rows ahead on that side rather than shifting them back.
  const forward = useRef(true);
  const lastStart = useRef(0);
  const rangeExtractor = useCallback((range: Range) => {
    if (range.startIndex !== lastStart.current) forward.current = range.startIndex > lastStart.current;
    lastStart.current = range.startIndex;
    slotCount.current = Math.max(slotCount.current, windowLength(range));
    return fixedWindow(range, slotCount.current, forward.current);
  }, []);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => TICKET_ITEM_HEIGHT,
    getItemKey,
    rangeExtractor,
  });
  const rowsRef = useRef<HTMLUListElement>(null);
  const keyboard = useRowKeyboard({
    count: tickets.length,
    container: rowsRef,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index),
  });
  const items = virtualizer.getVirtualItems();
  const slots = inSlotOrder(items, slotCount.current);
  const firstInView = virtualizer.range?.startIndex ?? items[0]?.index ?? 0;
  const rendered = (index: number) => slots[index % slotCount.current]?.index === index;
  const tabStop = keyboard.tabStop(rendered, firstInView);
  // The list itself holds the focus only when its focused row scrolled away (use-row-keyboard.ts), so it
  // keeps the browser's focus ring: a keyboard user sees where the focus went.
  // While the list moves, the rows take no pointer events: the row under a resting mouse changes on
  // every frame, and each change would re-run hover styles and React's enter/leave events for nothing.
  return (
    <ul
      ref={rowsRef}
      tabIndex={-1}
      data-first-in-view={firstInView}
      onKeyDown={keyboard.onKeyDown}
      onFocus={keyboard.onFocus}
      style={{
        height: virtualizer.getTotalSize(),
        position: 'relative',
        margin: 0,
        padding: 0,
        listStyle: 'none',
        pointerEvents: virtualizer.isScrolling ? 'none' : undefined,
      }}
    >
      {slots.map((row, slot) => {
        if (!row) return null;
        const ticket = tickets[row.index];
        return (
          <TicketSlot
            // biome-ignore lint/suspicious/noArrayIndexKey: the slot is the key on purpose: a slot keeps its elements and takes the next row (row-slots.ts)
            key={slot}
            index={row.index}
            setSize={tickets.length}
            start={row.start}
            size={row.size}
            ticket={ticket}
            selected={ticket.uuid === selectedUuid}
            tabStop={row.index === tabStop}
            showOwner={permissions.seesOwnerTag}
            canIgnore={permissions.canIgnorePending}
            busy={busyId === ticket.id}
            labels={labels}
            onSelect={onSelect}
            onAccept={onAccept}
            onIgnore={onIgnore}
          />
        );
      })}
    </ul>
  );
}

/**
 * One list of the manager. Only the rows in view (plus a few) are in the DOM, so ten thousand loaded
 * tickets scroll as smoothly as ten; the next page is asked for within 100 px of the bottom.
 * data-loaded and data-has-more say how many rows are loaded and whether the server has more.
 */
export function TicketList({ filters, onSearchMessages, ...rowProps }: Props) {
  const { t } = useTranslation();
  const labels = useMemo(() => ticketRowLabels(t), [t]);
  const query = useTickets(filters);
  const tickets = useMemo(() => flattenPages(query.data), [query.data]);
  const scroll = useLoadMoreOnScroll(query, tickets.length);
  // The rows need the scrolling box itself, as state: they mount before the box's ref is set, and
  // with the tickets already cached (a tab shown again) nothing else would render them a second time.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const boxRef = useCallback(
    (el: HTMLDivElement | null) => {
      scroll.ref.current = el;
      setScrollElement(el);
    },
    [scroll.ref],
  );

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  return (
    <TicketRowsBox
      ref={boxRef}
      onScroll={scroll.onScroll}
      data-testid="ticket-list"
      data-tab={filters.tab}
      data-loaded={tickets.length}
      data-has-more={query.hasNextPage ? 'true' : 'false'}
    >
      {/* The rows' shape while the first page loads: the list is there at once, only its texts are missing. */}
      {query.isLoading && (
        <Box data-testid="ticket-list-skeleton" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
            <Box key={i} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', height: TICKET_ITEM_HEIGHT, px: 1.5 }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width="55%" />
                <Skeleton width="85%" />
                <Skeleton width="35%" />
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {!query.isLoading && tickets.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }} data-testid="ticket-list-empty">
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('tickets.list.noTicketsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tickets.list.noTicketsMessage')}
          </Typography>
          {/* An order number or a phrase lives in the messages, not in the contact: one click searches there. */}
          {onSearchMessages && filters.searchParam.trim() !== '' && !filters.searchOnMessages && (
            <Button size="small" variant="outlined" sx={{ mt: 1.5 }} onClick={onSearchMessages} data-testid="search-in-messages">
              {t('tickets.list.searchInMessages')}
            </Button>
          )}
        </Box>
      )}
      <VirtualRows scrollElement={scrollElement} tickets={tickets} labels={labels} {...rowProps} />
      {query.isFetchingNextPage && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <CircularProgress size={20} />
        </Box>
      )}
    </TicketRowsBox>
  );
}
