import { FreshRecord } from '../../components/FreshRecord';
import type { ClosedImportedView, ConnectionView } from '@chatflow/contract';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { ConnectionsTable } from './components/ConnectionsTable';
import { DeleteConnectionDialog } from './components/DeleteConnectionDialog';
import { NewConnectionMenu } from './components/NewConnectionMenu';
import { QrCodeDialog } from './components/QrCodeDialog';
import ConnectionDialog from './dialog/ConnectionDialog';
import { type MetaChannel, MetaConnectDialog } from './meta-login/MetaConnectDialog';
import { type SessionAction, useConnections, useSessionAction } from './hooks/use-connections';
import { useConnectionsRealtime } from './hooks/use-connections-realtime';
import { useImportProgress } from './hooks/use-import-progress';
import { ImportProgressCard } from './components/ImportProgressCard';
import { CloudTemplatesSection } from './templates/ConnectionTemplates';

/**
 * /connections (spec 2 §2): the company's connections with live status, session actions, the QR
 * dialog, add/edit through the connection dialog and delete with confirmation. The router admits
 * connection managers only (admins, users with allowConnections).
 */
export default function ConnectionsPage() {
  const { t } = useTranslation();
  const { subscriptionValid, logout } = useAuth();
  const query = useConnections();
  const connections = query.data ?? [];
  const [editing, setEditing] = useState<ConnectionView | null | undefined>(undefined); // undefined: closed; null: new
  const [newChannel, setNewChannel] = useState<'whatsapp' | 'whatsappapi'>('whatsapp');
  const [meta, setMeta] = useState<MetaChannel | null>(null);
  const [qrId, setQrId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const session = useSessionAction();
  useConnectionsRealtime();
  const importing = useImportProgress();
  useErrorToast(query);

  // Spec 2 §2: a company whose due date has passed is logged out on this page.
  useEffect(() => {
    if (!subscriptionValid) void logout();
  }, [subscriptionValid, logout]);

  const act = async (action: SessionAction, c?: ConnectionView) => {
    setBusyId(c?.id ?? -1);
    try {
      const answer = await session.mutateAsync({ action, id: c?.id });
      if (action === 'restartAll') notify(t('connections.restarted'));
      if (action === 'closeImported') notify(t('connections.import.closed', { count: (answer as ClosedImportedView).count }));
    } catch (err) {
      toastError(err);
    } finally {
      setBusyId(null);
    }
  };

  const qrConnection = connections.find((c) => c.id === qrId);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="connections-title">
          {t('connections.title')} ({connections.length})
        </Typography>
        {/* Labels stay on one line; on a phone the second button goes under the first. */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button
            variant="outlined"
            startIcon={<RestartAltIcon />}
            onClick={() => act('restartAll')}
            disabled={busyId === -1}
            data-testid="restart-all"
          >
            {t('connections.restartAll')}
          </Button>
          <NewConnectionMenu
            onChoose={(channel) => {
              if (channel !== 'whatsapp') return setMeta(channel);
              setNewChannel(channel);
              setEditing(null);
            }}
          />
        </Stack>
      </Stack>
      {importing && <ImportProgressCard status={importing} />}
      <ConnectionsTable
        connections={connections}
        loading={query.isLoading}
        busyId={busyId}
        onAction={act}
        onShowQr={(c) => setQrId(c.id)}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <CloudTemplatesSection connections={connections} />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? `new-${newChannel}`} path="/whatsapp" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <ConnectionDialog connection={fresh} channel={newChannel} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      {meta && (
        <MetaConnectDialog
          channel={meta}
          onClose={() => setMeta(null)}
          onManualCloudApi={() => {
            setMeta(null);
            setNewChannel('whatsappapi');
            setEditing(null);
          }}
        />
      )}
      {qrConnection && <QrCodeDialog connection={qrConnection} onClose={() => setQrId(null)} />}
      <DeleteConnectionDialog deleting={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
