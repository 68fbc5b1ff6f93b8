import type { FlowCampaignView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Chip, CircularProgress, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  records: FlowCampaignView[];
  loading: boolean;
  canDelete: boolean;
  onEdit(record: FlowCampaignView): void;
  onDelete(record: FlowCampaignView): void;
}

/** Spec 3 "Phrase-triggered flow campaigns": Nome, Status, actions (edit, delete). */
export function FlowCampaignsTable({ records, loading, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('flowCampaigns.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('flowCampaigns.table.name')}</TableCell>
            <TableCell align="center">{t('flowCampaigns.table.status')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((c) => (
            <TableRow key={c.id} hover data-testid="flow-campaign-row">
              <TableCell>{c.name}</TableCell>
              <TableCell align="center">
                <Chip
                  size="small"
                  color={c.status ? 'success' : 'default'}
                  label={c.status ? t('flowCampaigns.active') : t('flowCampaigns.inactive')}
                />
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(c)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                {canDelete && (
                  <IconButton size="small" onClick={() => onDelete(c)} aria-label={t('common.delete')}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
          {loading && (
            <TableRow>
              <TableCell colSpan={3} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('flowCampaigns.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
