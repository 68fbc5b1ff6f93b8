import type { QueueIntegrationView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import {
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
} from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { IntegrationLogo } from './IntegrationLogo';

interface Props {
  records: QueueIntegrationView[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(record: QueueIntegrationView): void;
  onDelete(record: QueueIntegrationView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** Spec 3 "Queue integrations": id and name with the type's logo, edit and delete. */
export function IntegrationsTable({ records, loading, loadingMore, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('mainDrawer.listItems.queueIntegration')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell align="center">{t('integrations.table.id')}</TableCell>
            <TableCell>{t('integrations.table.name')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((i) => (
            <TableRow key={i.id} hover data-testid="integration-row">
              <TableCell padding="checkbox">
                <Stack sx={{ alignItems: 'center', pl: 1 }}>
                  <IntegrationLogo type={i.type} label={t(`integrations.types.${i.type}`)} />
                </Stack>
              </TableCell>
              <TableCell align="center">{i.id}</TableCell>
              <TableCell>{i.name}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(i)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(i)} aria-label={t('common.delete')}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
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
                {t('integrations.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
