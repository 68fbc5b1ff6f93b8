import type { AllConnectionsView, ConnectionView } from '@chatflow/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FreshRecord } from '../../../components/FreshRecord';
import { formatDate, formatTime } from '../../../lib/format';
import ConnectionDialog from '../dialog/ConnectionDialog';
import { DeleteConnectionDialog } from './DeleteConnectionDialog';
import { EditDeleteCell } from './EditDeleteCell';
import { ConnectionScopeContext } from '../hooks/connection-scope';
import type { SessionAction } from '../hooks/use-connections';
import { ChannelIcon } from './ChannelIcon';
import { type MetaChannel, MetaConnectDialog } from '../meta-login/MetaConnectDialog';
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
  const [meta, setMeta] = useState<MetaChannel | null>(null);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  return (
    <ConnectionScopeContext.Provider value={{ companyId }}>
      <DeleteConnectionDialog deleting={deleting} onClose={() => setDeleting(null)} />
      <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="company-connections-title">
        <DialogTitle id="company-connections-heading">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <span id="company-connections-title">{companyName}</span>
            <NewConnectionMenu
              onChoose={(channel) => {
                if (channel !== 'whatsapp') return setMeta(channel);
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
                    <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(c.updatedAt)} {formatTime(c.updatedAt)}
                    </TableCell>
                    <TableCell align="center">{c.isDefault && <CheckCircleIcon color="success" fontSize="small" />}</TableCell>
                    <EditDeleteCell onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />
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
    </ConnectionScopeContext.Provider>
  );
}
