import type { AnnouncementView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Chip, CircularProgress, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { priorityColor, priorityLabelKey } from '../priority';

interface Props {
  records: AnnouncementView[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(record: AnnouncementView): void;
  onDelete(record: AnnouncementView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** Spec 3 "Announcements": title, priority (in its colour), media name, status, actions. */
export function AnnouncementsTable({ records, loading, loadingMore, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  // On a phone the table keeps title, priority and actions; file and status are in the edit dialog.
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('announcements.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('announcements.table.title')}</TableCell>
            <TableCell align="center">{t('announcements.table.priority')}</TableCell>
            <TableCell sx={wide}>{t('announcements.table.mediaName')}</TableCell>
            <TableCell align="center" sx={wide}>
              {t('announcements.table.status')}
            </TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((a) => (
            <TableRow key={a.id} hover data-testid="announcement-row">
              <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
                {a.title}
              </TableCell>
              <TableCell align="center">
                <Chip size="small" label={t(priorityLabelKey(a.priority))} sx={{ bgcolor: priorityColor(a.priority), color: '#fff' }} />
              </TableCell>
              <TableCell sx={{ ...wide, maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {a.mediaName ?? t('announcements.table.noMedia')}
              </TableCell>
              <TableCell align="center" sx={wide}>
                {a.status ? t('announcements.status.active') : t('announcements.status.inactive')}
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(a)} aria-label={t('common.edit')} data-testid="announcement-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(a)} aria-label={t('common.delete')} data-testid="announcement-delete">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={5} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('common.noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
