import type { ConnectionView } from '@chatflow/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../lib/format';
import type { SessionAction } from '../hooks/use-connections';
import { ChannelIcon } from './ChannelIcon';
import { ConnectionDownNotice } from '../down/ConnectionDownNotice';
import { SessionActions } from './SessionActions';
import { EditDeleteCell } from './EditDeleteCell';
import { StatusIcon } from './StatusIcon';

interface Props {
  connections: ConnectionView[];
  loading: boolean;
  busyId: number | null;
  onAction(action: SessionAction, connection: ConnectionView): void;
  onShowQr(connection: ConnectionView): void;
  onEdit(connection: ConnectionView): void;
  onDelete(connection: ConnectionView): void;
}

/**
 * On a phone the number column is left out (the number goes under the name) and the table drops its desktop
 * width, so the status and the session's button are on screen beside the pinned actions, not behind a scroll.
 */
const NUMBER_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The connections table of spec 2 §2: channel, name, number, status, session, last update, default, actions. */
export function ConnectionsTable({ connections, loading, busyId, onAction, onShowQr, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const columns = ['channel', 'name', 'number', 'status', 'session', 'updatedAt', 'isDefault', 'actions'] as const;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: { xs: 0, md: 860 } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c}
                align={c === 'name' || c === 'session' ? 'left' : 'center'}
                sx={c === 'number' ? NUMBER_COLUMN : undefined}
              >
                {t(`connections.table.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            [0, 1].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={columns.length}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))}
          {!loading && connections.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center">
                <Typography color="text.secondary" sx={{ py: 3 }}>
                  {t('connections.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {connections.map((c) => (
            <TableRow key={c.id} hover data-testid="connection-row" data-connection-id={c.id}>
              <TableCell align="center">
                <ChannelIcon channel={c.channel} label={t(`connections.channels.${c.channel}`)} />
              </TableCell>
              <TableCell>
                {c.name}
                {c.number && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {c.number}
                  </Typography>
                )}
                {/* On a phone the session column is behind a scroll: why it is down goes under the name. */}
                <ConnectionDownNotice connection={c} brief sx={{ display: { xs: 'block', sm: 'none' } }} />
              </TableCell>
              <TableCell align="center" sx={NUMBER_COLUMN}>
                {c.number || '—'}
              </TableCell>
              <TableCell align="center">
                <StatusIcon status={c.status} />
              </TableCell>
              <TableCell>
                <SessionActions connection={c} busy={busyId === c.id} onAction={onAction} onShowQr={onShowQr} />
                <ConnectionDownNotice connection={c} sx={{ display: { xs: 'none', sm: 'block' } }} />
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(c.updatedAt)} {formatTime(c.updatedAt)}
              </TableCell>
              <TableCell align="center">
                {c.isDefault && <CheckCircleIcon color="success" fontSize="small" titleAccess={t('connections.table.isDefault')} />}
              </TableCell>
              <EditDeleteCell onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
