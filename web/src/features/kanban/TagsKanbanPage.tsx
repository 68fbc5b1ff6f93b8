import type { LaneView } from '@chatflow/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
import { LaneModal } from './components/LaneModal';
import { useDeleteLane } from './hooks/use-lane-mutations';
import { useLanes } from './hooks/use-lanes';
import { coloredSx } from '../../components/colored';

/** /TagsKanban (spec 3 "Kanban"): the lanes, searchable, with their tickets count; add, edit, delete; back to the board. */
export default function TagsKanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const lanes = useLanes(useDebounced(typed));
  const all = useLanes();
  const [editing, setEditing] = useState<LaneView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteLane();
  const deleting = useConfirmedDelete<LaneView>((lane) => remove.mutateAsync(lane.id), t('kanban.lanes.deleted'));
  useErrorToast(lanes);
  const rows = lanes.data ?? [];

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('kanban.lanes.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('kanban.lanes.searchPlaceholder')}
        addLabel={t('kanban.lanes.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-lane"
      >
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate('/Kanban')} data-testid="back-to-kanban">
          {t('kanban.lanes.back')}
        </Button>
      </ListPageHeader>
      <TableContainer
        component={Paper}
        variant="outlined"
        sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label={t('kanban.lanes.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('kanban.lanes.name')}</TableCell>
              <TableCell align="center">{t('kanban.lanes.tickets')}</TableCell>
              <TableCell align="center">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((lane) => (
              <TableRow key={lane.id} hover data-testid="lane-row">
                <TableCell>
                  <Chip size="small" label={lane.name} sx={{ ...coloredSx(lane.color), fontWeight: 500 }} />
                  {lane.timeLane > 0 && lane.nextLaneId !== null && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {t('kanban.lanes.movesAfter', {
                        hours: lane.timeLane,
                        lane: all.data?.find((l) => l.id === lane.nextLaneId)?.name ?? '',
                      })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="center" data-testid="lane-tickets-count">
                  {lane.ticketsCount}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" onClick={() => setEditing(lane)} aria-label={t('common.edit')}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" onClick={() => deleting.ask(lane)} aria-label={t('common.delete')}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {lanes.isLoading && (
              <TableRow>
                <TableCell colSpan={3} align="center">
                  <CircularProgress size={24} />
                </TableCell>
              </TableRow>
            )}
            {!lanes.isLoading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {typed ? t('kanban.lanes.noMatch') : t('kanban.lanes.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing !== undefined && (
        <LaneModal key={editing?.id ?? 'new'} lane={editing} lanes={all.data ?? []} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('kanban.lanes.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('kanban.lanes.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
