import type { ConnectionView } from '@chatflow/contract';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { formatDate, formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { TemplateCard } from './TemplateCard';
import { useSyncTemplates, useTemplates } from './use-templates';

/** A Cloud API connection's templates (issue 32): when last synced, "Sincronizar", and each template. */
export function ConnectionTemplates({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const query = useTemplates(connection.id);
  const sync = useSyncTemplates(connection.id);
  const list = query.data;

  const onSync = async () => {
    try {
      const fresh = await sync.mutateAsync();
      notify(t('templates.synced', { count: fresh.templates.length }));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="connection-templates" data-connection-id={connection.id}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {t('templates.of', { name: connection.name })}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="templates-synced-at">
            {list?.syncedAt
              ? t('templates.syncedAt', { date: `${formatDate(list.syncedAt)} ${formatTime(list.syncedAt)}` })
              : t('templates.neverSynced')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<SyncIcon />}
          onClick={onSync}
          disabled={sync.isPending}
          data-testid="templates-sync"
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {sync.isPending ? t('templates.syncing') : t('templates.sync')}
        </Button>
      </Stack>
      {query.isLoading && (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </Stack>
      )}
      {query.isError && <Alert severity="error">{t('templates.loadError')}</Alert>}
      {list && list.templates.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="templates-empty">
          {t('templates.empty')}
        </Typography>
      )}
      {list && list.templates.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {list.templates.map((tpl) => (
            <TemplateCard key={tpl.id} template={tpl} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** Every Cloud API connection that names its business account gets its templates under the table. */
export function CloudTemplatesSection({ connections }: { connections: ConnectionView[] }) {
  const cloud = connections.filter((c) => c.channel === 'whatsappapi' && c.wabaId);
  if (cloud.length === 0) return null;
  return (
    <Stack spacing={2}>
      {cloud.map((c) => (
        <ConnectionTemplates key={c.id} connection={c} />
      ))}
    </Stack>
  );
}
