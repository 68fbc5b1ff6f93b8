import { DEFAULT_LANE_ID, hasPermission, type TicketView } from '@chatflow/contract';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Box, Stack } from '@mui/material';
import { format, subDays } from 'date-fns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import type { BoardFilters as Filters } from './board-cache';
import { BoardFilters } from './components/BoardFilters';
import { KanbanCard } from './components/KanbanCard';
import { KanbanLane } from './components/KanbanLane';
import { useBoard } from './hooks/use-board';
import { useKanbanRealtime } from './hooks/use-kanban-realtime';
import { useLanes } from './hooks/use-lanes';
import { useMoveCard } from './hooks/use-move-card';

/** The range the board opens with: the last 30 days (yyyy-MM-dd, spec 3 §9). */
const defaultRange = () => ({ startDate: format(subDays(new Date(), 30), 'yyyy-MM-dd'), endDate: format(new Date(), 'yyyy-MM-dd') });
const DEFAULT_LANE_COLOR = '#9e9e9e';

/**
 * /Kanban (spec 3 "Kanban"): the tickets of the signed-in user's queues updated within the range, in
 * a default lane (no kanban tag) and one lane per kanban tag. Dragging a card to another lane changes
 * its tag; other agents' boards follow live.
 */
export default function KanbanPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [range, setRange] = useState(defaultRange);
  const filters: Filters = useMemo(
    () => ({ ...range, queueIds: (user?.queues ?? []).map((q) => q.id), userId: user?.id ?? 0 }),
    [range, user],
  );
  const lanes = useLanes();
  const laneIds = useMemo(() => (lanes.data ? new Set(lanes.data.map((l) => l.id)) : null), [lanes.data]);
  const { board, isLoading, loadMore } = useBoard(filters);
  useKanbanRealtime(filters, laneIds ?? new Set());
  const move = useMoveCard(lanes.data ?? []);
  const [dragging, setDragging] = useState<TicketView | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );

  const onDragStart = (e: DragStartEvent) => setDragging((e.active.data.current?.ticket as TicketView) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const ticket = e.active.data.current?.ticket as TicketView | undefined;
    const to = e.over?.data.current?.laneId as number | undefined;
    if (ticket && to !== undefined && to !== e.active.data.current?.laneId) void move(ticket, to);
  };

  const columns = [
    { id: DEFAULT_LANE_ID, title: t('kanban.defaultLane'), color: DEFAULT_LANE_COLOR },
    ...(lanes.data ?? []).map((l) => ({ id: l.id, title: l.name, color: l.color })),
  ];
  const loading = lanes.isLoading || isLoading;

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <BoardFilters
        startDate={range.startDate}
        endDate={range.endDate}
        onSearch={setRange}
        canManageLanes={!!user && hasPermission(user, 'dashboard:view')}
      />
      <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
        <Box
          data-testid="kanban-board"
          sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', flex: 1, minHeight: 0, pb: 1, alignItems: 'stretch' }}
        >
          {columns.map((c) => (
            <KanbanLane
              key={c.id}
              laneId={c.id}
              title={c.title}
              color={c.color}
              lane={board?.[c.id]}
              loading={loading}
              onLoadMore={loadMore}
            />
          ))}
        </Box>
        <DragOverlay dropAnimation={null}>{dragging ? <KanbanCard ticket={dragging} floating /> : null}</DragOverlay>
      </DndContext>
    </Stack>
  );
}
