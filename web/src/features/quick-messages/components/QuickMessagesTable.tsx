import type { QuickMessageView } from '@chatflow/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { CircularProgress, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isLockedFor } from '../quick-message-form';

interface Props {
  records: QuickMessageView[];
  loading: boolean;
  loadingMore: boolean;
  meId: number | undefined;
  onEdit(record: QuickMessageView): void;
  onDelete(record: QuickMessageView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** Spec 3 "Quick messages": shortcode, attachment name, a green tick when shared with all, actions. */
export function QuickMessagesTable({ records, loading, loadingMore, meId, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('quickMessages.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('quickMessages.table.shortcode')}</TableCell>
            <TableCell>{t('quickMessages.table.attachment')}</TableCell>
            <TableCell align="center">{t('quickMessages.table.geral')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((q) => {
            const locked = isLockedFor(q, meId);
            return (
              <TableRow key={q.id} hover data-testid="quick-message-row">
                <TableCell>{q.shortcode}</TableCell>
                <TableCell>{q.mediaName ?? t('quickMessages.table.noAttachment')}</TableCell>
                <TableCell align="center">
                  {q.geral && (
                    <CheckCircleIcon
                      fontSize="small"
                      sx={{ color: 'success.main' }}
                      aria-label={t('quickMessages.table.geral')}
                      data-testid="geral-tick"
                    />
                  )}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" onClick={() => onEdit(q)} aria-label={locked ? t('quickMessages.view') : t('common.edit')}>
                    {locked ? <VisibilityIcon fontSize="small" /> : <EditIcon fontSize="small" />}
                  </IconButton>
                  <IconButton size="small" onClick={() => onDelete(q)} aria-label={t('common.delete')} disabled={locked}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={4} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('common.noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
