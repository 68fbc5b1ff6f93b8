import { FreshRecord } from '../../components/FreshRecord';
import { type FlowCampaignView, hasPermission } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { FlowCampaignsTable } from './components/FlowCampaignsTable';
import FlowCampaignModal from './FlowCampaignModal';
import { useDeleteFlowCampaign, useFlowCampaigns } from './hooks/use-flow-campaigns';
import { useFlowCampaignsRealtime } from './hooks/use-flow-campaigns-realtime';

/** /phrase-lists (spec 3 "Phrase-triggered flow campaigns"): the campaigns, the "Campanha" button, edit and delete. */
export default function FlowCampaignsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = useFlowCampaigns();
  useFlowCampaignsRealtime();
  const [editing, setEditing] = useState<FlowCampaignView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteFlowCampaign();
  const deleting = useConfirmedDelete<FlowCampaignView>((row) => remove.mutateAsync(row.id), t('flowCampaigns.deleted'));
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('flowCampaigns.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-flow-campaign">
          {t('flowCampaigns.add')}
        </Button>
      </Stack>
      <FlowCampaignsTable
        records={query.data ?? []}
        loading={query.isLoading}
        canDelete={!!user && hasPermission(user, 'contacts-page:deleteContact')}
        onEdit={setEditing}
        onDelete={deleting.ask}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/flowcampaign" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <FlowCampaignModal record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('flowCampaigns.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('flowCampaigns.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
