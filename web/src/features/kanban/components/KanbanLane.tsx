import type { TicketView } from '@chatflow/contract';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_MORE_THRESHOLD_PX } from '../../../components/infinite-scroll';
import type { LaneCards } from '../board-cache';
import { KanbanCard } from './KanbanCard';

export const LANE_WIDTH = 290;
/** A card's height before it is measured (most cards are this tall). */
const CARD_ESTIMATE_PX = 150;
const CARD_GAP_PX = 8;

interface Props {
  laneId: number;
  title: string;
  color: string;
  lane: LaneCards | undefined;
  loading: boolean;
  onLoadMore(laneId: number): void;
}

/** One card the pointer (or the keyboard: space, arrows, space) can pick up. */
function DraggableCard({ ticket, laneId }: { ticket: TicketView; laneId: number }) {
  // A group, not a button: the card holds its own "Ver Ticket" button, and a button may not hold another (axe nested-interactive).
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `card-${ticket.id}`,
    data: { ticket, laneId },
    attributes: { role: 'group' },
  });
  return (
    <Box
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      aria-label={ticket.contact.name}
      sx={{ opacity: isDragging ? 0.35 : 1, touchAction: 'manipulation' }}
    >
      <KanbanCard ticket={ticket} />
    </Box>
  );
}

/**
 * A lane: its name, colour and count, and its cards in a virtualized list (only the cards in view are
 * in the page, so a lane of thousands scrolls as lightly as one of ten); the next page loads within
 * 100 px of the end. The whole lane is the drop target of a card.
 */
export function KanbanLane({ laneId, title, color, lane, loading, onLoadMore }: Props) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `lane-${laneId}`, data: { laneId } });
  const scroller = useRef<HTMLDivElement>(null);
  const cards = lane?.cards ?? [];
  const virtual = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE_PX,
    gap: CARD_GAP_PX,
    overscan: 4,
    getItemKey: (i) => cards[i].id,
  });

  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  // The next page once the last card loaded comes within reach (a short first page asks at once).
  useEffect(() => {
    const el = scroller.current;
    if (!lane?.hasMore || !el) return;
    if (last >= cards.length - 3 || el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_THRESHOLD_PX) onLoadMore(laneId);
  }, [last, cards.length, lane?.hasMore, laneId, onLoadMore]);

  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="kanban-lane"
      data-lane-id={laneId}
      aria-label={title}
      component="section"
      sx={{
        width: LANE_WIDTH,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        maxHeight: '100%',
        bgcolor: isOver ? 'action.hover' : 'background.default',
        borderTop: `4px solid ${color}`,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1 }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} title={title}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={lane?.count ?? 0}
          data-testid="kanban-lane-count"
          aria-label={t('kanban.lane.count', { count: lane?.count ?? 0 })}
        />
      </Stack>
      <Box
        ref={scroller}
        onScroll={() => {
          const el = scroller.current;
          if (el && lane?.hasMore && el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_THRESHOLD_PX) onLoadMore(laneId);
        }}
        sx={{ overflowY: 'auto', flex: 1, minHeight: 120, px: 1, pb: 1 }}
      >
        {loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : cards.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {t('kanban.lane.empty')}
          </Typography>
        ) : (
          <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {items.map((item) => (
              <Box
                key={item.key}
                data-index={item.index}
                ref={virtual.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              >
                <DraggableCard ticket={cards[item.index]} laneId={laneId} />
              </Box>
            ))}
          </Box>
        )}
        {lane?.hasMore && !loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label={t('kanban.lane.loadingMore')} />
          </Box>
        )}
      </Box>
    </Paper>
  );
}
