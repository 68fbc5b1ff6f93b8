import type { QueueView } from '@chatflow/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import {
  Chip,
  Box,
  CircularProgress,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The greeting column shows a preview; the whole text is in the tooltip and the modal. */
const GREETING_PREVIEW = 60;

interface Props {
  queues: QueueView[];
  loading: boolean;
  onEdit(queue: QueueView): void;
  onDelete(queue: QueueView): void;
  /** Whether a connection serves the queue (false: the chatbot leaves it out); undefined while unknown. */
  isLinked?(queueId: number): boolean | undefined;
}

export function QueuesTable({ queues, loading, onEdit, onDelete, isLinked }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('queues.title')}>
        <TableHead>
          <TableRow>
            <TableCell align="center">{t('queues.table.id')}</TableCell>
            <TableCell>{t('queues.table.name')}</TableCell>
            <TableCell align="center">{t('queues.table.color')}</TableCell>
            <TableCell align="center">{t('queues.table.orderQueue')}</TableCell>
            <TableCell>{t('queues.table.greeting')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((q) => (
            <TableRow key={q.id} hover data-testid="queue-row">
              <TableCell align="center">{q.id}</TableCell>
              <TableCell>
                {q.name}
                {isLinked?.(q.id) === false && (
                  <Tooltip title={t('queues.connection.unlinked')}>
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={t('queues.connection.none')}
                      // The warning colour as the border only: orange text on white reads at 2.9:1 (axe color-contrast).
                      sx={{ ml: 1, color: 'text.primary' }}
                      data-testid="queue-no-connection"
                    />
                  </Tooltip>
                )}
              </TableCell>
              <TableCell align="center">
                <Tooltip title={q.color}>
                  <Box
                    role="img"
                    aria-label={q.color}
                    sx={{ width: 56, height: 20, mx: 'auto', borderRadius: 1, bgcolor: q.color, border: 1, borderColor: 'divider' }}
                  />
                </Tooltip>
              </TableCell>
              <TableCell align="center">{q.orderQueue ?? '—'}</TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Tooltip title={q.greetingMessage.length > GREETING_PREVIEW ? q.greetingMessage : ''}>
                  <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {q.greetingMessage.length > GREETING_PREVIEW ? `${q.greetingMessage.slice(0, GREETING_PREVIEW)}…` : q.greetingMessage}
                  </Box>
                </Tooltip>
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(q)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(q)} aria-label={t('common.delete')}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {loading && (
            <TableRow>
              <TableCell colSpan={6} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && queues.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('common.noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
