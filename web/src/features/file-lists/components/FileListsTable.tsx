import type { FileListView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { CircularProgress, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  records: FileListView[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(record: FileListView): void;
  onDelete(record: FileListView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** Spec 3 "File lists": name and actions (with the number of files, which tells an empty list apart). */
export function FileListsTable({ records, loading, loadingMore, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('fileLists.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fileLists.table.name')}</TableCell>
            <TableCell align="center">{t('fileLists.table.files')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((f) => (
            <TableRow key={f.id} hover data-testid="file-list-row">
              <TableCell>{f.name}</TableCell>
              <TableCell align="center">{f.options.length}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(f)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(f)} aria-label={t('common.delete')}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={3} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('fileLists.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
