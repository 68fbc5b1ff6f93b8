import type { AllConnectionsView, ConnectionView } from '@chatflow/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { FreshRecord } from '../../../components/FreshRecord';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import ConnectionDialog from '../dialog/ConnectionDialog';
import { ConnectionScopeContext } from '../hooks/connection-scope';
import { type SessionAction, useDeleteConnection } from '../hooks/use-connections';
import { ChannelIcon } from './ChannelIcon';
import { FacebookDialog } from './FacebookDialog';
import { NewConnectionMenu } from './NewConnectionMenu';
import { SessionActions } from './SessionActions';
import { StatusIcon } from './StatusIcon';

type Row = AllConnectionsView[number];

interface Props {
  companyId: number;
  companyName: string;
  connections: Row[];
  busyId: number | null;
  onAction(action: SessionAction, c: ConnectionView): void;
  onShowQr(c: ConnectionView): void;
  onClose(): void;
}

/**
 * The company connections modal of /allConnections (spec 2 §2): per connection its channel, status,
 * session actions, last update, default marker, edit and delete, and the menu adding a WhatsApp,
 * Facebook or Instagram connection. Everything runs as the company shown (ConnectionScopeContext:
 * adding names it, the server lets the super user edit and delete any company's connection), and the
 * record is read through /whatsapp-admin/{id}, the super user's read of another company's connection.
 */
export function CompanyConnectionsDialog({ companyId, companyName, connections, busyId, onAction, onShowQr, onClose }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ConnectionView | null | undefined>(undefined); // undefined: closed; null: new
  const [newChannel, setNewChannel] = useState<'whatsapp' | 'whatsappapi'>('whatsapp');
  const [meta, setMeta] = useState<'facebook' | 'instagram' | null>(null);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  return (
    <ConnectionScopeContext.Provider value={{ companyId }}>
      <ScopedDelete deleting={deleting} onClose={() => setDeleting(null)} />
      <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="company-connections-title">
        <DialogTitle id="company-connections-heading">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <span id="company-connections-title">{companyName}</span>
            <NewConnectionMenu
              onChoose={(channel) => {
                if (channel === 'facebook' || channel === 'instagram') return setMeta(channel);
                setNewChannel(channel);
                setEditing(null);
              }}
            />
          </Stack>
        </DialogTitle>
        <DialogContent>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell align="center">{t('connections.table.channel')}</TableCell>
                  <TableCell>{t('connections.table.name')}</TableCell>
                  <TableCell align="center">{t('connections.table.status')}</TableCell>
                  <TableCell>{t('connections.table.session')}</TableCell>
                  <TableCell align="center">{t('connections.table.updatedAt')}</TableCell>
                  <TableCell align="center">{t('connections.table.isDefault')}</TableCell>
                  <TableCell align="center">{t('connections.table.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {connections.map((c) => (
                  <TableRow key={c.id} data-testid="company-connection-row">
                    <TableCell align="center">
                      <ChannelIcon channel={c.channel} label={t(`connections.channels.${c.channel}`)} />
                    </TableCell>
                    <TableCell>{c.name}</TableCell>
                    <TableCell align="center">
                      <StatusIcon status={c.status} />
                    </TableCell>
                    <TableCell>
                      <SessionActions connection={c} busy={busyId === c.id} onAction={onAction} onShowQr={onShowQr} />
                    </TableCell>
                    <TableCell align="center">{format(parseISO(c.updatedAt), 'dd/MM/yy HH:mm')}</TableCell>
                    <TableCell align="center">{c.isDefault && <CheckCircleIcon color="success" fontSize="small" />}</TableCell>
                    <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('common.edit')}>
                        <IconButton size="small" aria-label={t('common.edit')} onClick={() => setEditing(c)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('common.delete')}>
                        <IconButton size="small" aria-label={t('common.delete')} onClick={() => setDeleting(c)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? `new-${newChannel}`} path="/whatsapp-admin" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <ConnectionDialog connection={fresh} channel={newChannel} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      {meta && <FacebookDialog channel={meta} onClose={() => setMeta(null)} />}
    </ConnectionScopeContext.Provider>
  );
}

/** Delete with the spec's confirmation, inside the company's scope (the list read again after). */
function ScopedDelete({ deleting, onClose }: { deleting: ConnectionView | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteConnection();
  return (
    <ConfirmationDialog
      open={!!deleting}
      title={t('connections.deleteTitle', { name: deleting?.name ?? '' })}
      onConfirm={async () => {
        if (!deleting) return;
        try {
          await remove.mutateAsync(deleting.id);
          notify(t('connections.deleted'));
        } catch (err) {
          toastError(err);
          throw err;
        }
      }}
      onClose={onClose}
    >
      {t('connections.deleteMessage')}
    </ConfirmationDialog>
  );
}
