import { FreshRecord } from '../../components/FreshRecord';
import type { CampaignView } from '@chatflow/contract';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PauseCircleIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutlined';
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
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { formatDate, formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import { CampaignModal } from './components/CampaignModal';
import { CampaignStatus } from './components/CampaignStatus';
import { useCampaignAction, useCampaigns, useCampaignsRealtime, useDeleteCampaign } from './hooks/use-campaigns';

const dateTime = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');

/** /campaigns (spec 3 "Campaigns"): search, infinite scroll, the table and the modal; cancel and restart by status. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const query = useCampaigns(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.records) ?? [];
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<CampaignView | null | undefined>(undefined);
  const remove = useDeleteCampaign();
  const deleting = useConfirmedDelete<CampaignView>((row) => remove.mutateAsync(row.id), t('campaigns.deleted'));
  const cancel = useCampaignAction('cancel');
  const restart = useCampaignAction('restart');
  useCampaignsRealtime();
  useErrorToast(query);

  const act = async (action: typeof cancel, id: number, done: string) => {
    try {
      await action.mutateAsync(id);
      notify(done);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('campaigns.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('campaigns.search')}
        addLabel={t('campaigns.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-campaign"
      />
      <TableContainer
        component={Paper}
        variant="outlined"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label={t('campaigns.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.table.name')}</TableCell>
              <TableCell>{t('campaigns.table.status')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('campaigns.table.contactList')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('campaigns.table.whatsapp')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('campaigns.table.scheduledAt')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('campaigns.table.completedAt')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('campaigns.table.confirmation')}</TableCell>
              <TableCell align="center">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((c) => (
              <TableRow key={c.id} hover data-testid="campaign-row">
                <TableCell>{c.name}</TableCell>
                <TableCell data-testid="campaign-status">
                  <CampaignStatus campaign={c} />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {c.contactList?.name ?? t('campaigns.table.notDefined')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {c.whatsapp?.name ?? t('campaigns.table.notDefined')}
                </TableCell>
                {/* A date and its time on one line: broken after the date they read as two values. */}
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{dateTime(c.scheduledAt)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{dateTime(c.completedAt)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {c.confirmation ? t('campaigns.table.enabled') : t('campaigns.table.disabled')}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  {c.status === 'EM_ANDAMENTO' && (
                    <Tooltip title={t('campaigns.cancel')}>
                      <IconButton
                        size="small"
                        aria-label={t('campaigns.cancel')}
                        onClick={() => act(cancel, c.id, t('campaigns.cancelled'))}
                      >
                        <PauseCircleIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {c.status === 'CANCELADA' && (
                    <Tooltip title={t('campaigns.restart')}>
                      <IconButton
                        size="small"
                        aria-label={t('campaigns.restart')}
                        onClick={() => act(restart, c.id, t('campaigns.restarted'))}
                      >
                        <PlayCircleIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('campaigns.report.title')}>
                    <IconButton size="small" aria-label={t('campaigns.report.title')} onClick={() => navigate(`/campaign/${c.id}/report`)}>
                      <AssessmentIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <IconButton size="small" aria-label={t('common.edit')} onClick={() => setEditing(c)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('common.delete')} onClick={() => deleting.ask(c)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {(query.isLoading || query.isFetchingNextPage) && (
              <TableRow>
                <TableCell colSpan={8} align="center">
                  <CircularProgress size={22} />
                </TableCell>
              </TableRow>
            )}
            {!query.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('common.noRecords')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/campaigns" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <CampaignModal record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('campaigns.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('campaigns.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
