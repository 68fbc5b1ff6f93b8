import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useLinkQueue, useQueueConnections } from '../hooks/use-queue-connections';

/**
 * In the queue modal: a queue no connection serves is left out by the chatbot without a word, so it
 * says so and offers to link it to one of the company's connections. A new queue is told to be
 * linked after it is saved.
 */
export function QueueConnectionNotice({ queueId }: { queueId: number | null }) {
  const { t } = useTranslation();
  const { connections, isLinked } = useQueueConnections();
  const link = useLinkQueue();
  const [connectionId, setConnectionId] = useState<number | ''>('');
  if (queueId === null) return <Alert severity="info">{t('queues.connection.newQueue')}</Alert>;
  if (isLinked(queueId) !== false) return null;
  const chosen = connections.find((c) => c.id === connectionId);
  const submit = async () => {
    if (!chosen) return;
    try {
      await link.mutateAsync({ connection: chosen, queueId });
      notify(t('queues.connection.linked', { name: chosen.name }));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Alert severity="warning" data-testid="queue-unlinked">
      {t('queues.connection.unlinked')}
      {connections.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('queues.connection.choose')}
            value={connectionId}
            onChange={(e) => setConnectionId(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ minWidth: 220 }}
            data-testid="queue-link-connection"
          >
            {connections.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" size="small" disabled={!chosen || link.isPending} onClick={submit}>
            {t('queues.connection.link')}
          </Button>
        </Stack>
      )}
    </Alert>
  );
}
