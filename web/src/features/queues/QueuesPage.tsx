import { FreshRecord } from '../../components/FreshRecord';
import type { QueueView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { QueuesTable } from './components/QueuesTable';
import { useQueueConnections } from './hooks/use-queue-connections';
import { useDeleteQueue, useQueues } from './hooks/use-queues';
import { useQueuesRealtime } from './hooks/use-queues-realtime';
import QueueModal from './QueueModal';

/** /queues (spec 2 "Queues"): the company's queues with add, edit, delete and live updates. Admins only. */
export default function QueuesPage() {
  const { t } = useTranslation();
  const { data: queues = [], isLoading, isError, error } = useQueues();
  const { isLinked } = useQueueConnections();
  const [editing, setEditing] = useState<QueueView | null | undefined>(undefined); // undefined: closed; null: new
  // The target outlives the dialog's closing animation, so its title does not blank out while fading.
  const [deleting, setDeleting] = useState<QueueView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteQueue();
  useQueuesRealtime();

  useEffect(() => {
    if (isError) toastError(error);
  }, [isError, error]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(t('queues.deleted'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Stack spacing={2}>
      {/* On a phone the button goes full width under the title, as on the other list pages (ListPageHeader):
          beside "Filas & Chatbot (3)" it broke into two lines. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="queues-title">
          {t('queues.title')} ({queues.length})
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-queue">
          {t('queues.add')}
        </Button>
      </Stack>
      <QueuesTable
        queues={queues}
        loading={isLoading}
        isLinked={isLinked}
        onEdit={setEditing}
        onDelete={(item) => {
          setDeleting(item);
          setConfirming(true);
        }}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/queue" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <QueueModal open queue={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={confirming}
        title={t('queues.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
