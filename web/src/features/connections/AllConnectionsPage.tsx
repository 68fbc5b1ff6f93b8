import type { AllConnectionsView } from '@chatflow/contract';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
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
  Typography,
} from '@mui/material';
import type { ConnectionView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../components/use-error-toast';
import { api } from '../../lib/api';
import { QrCodeDialog } from './components/QrCodeDialog';
import { CompanyConnectionsDialog } from './components/CompanyConnectionsDialog';
import { connectionKeys, type SessionAction, useSessionAction } from './hooks/use-connections';
import { toastError } from '../../lib/errors';

type Row = AllConnectionsView[number];
interface CompanyGroup {
  companyId: number;
  companyName: string;
  connections: Row[];
}

const group = (rows: Row[]): CompanyGroup[] => {
  const byCompany = new Map<number, CompanyGroup>();
  for (const r of rows) {
    const g = byCompany.get(r.companyId) ?? { companyId: r.companyId, companyName: r.companyName, connections: [] };
    g.connections.push(r);
    byCompany.set(r.companyId, g);
  }
  return [...byCompany.values()];
};
const connected = (rows: Row[]) => rows.filter((c) => c.status === 'CONNECTED').length;

/**
 * /allConnections (spec 2 §2, super users): per client company the connected, disconnected and total
 * counts with a grand total; the eye opens that company's connections with their session actions
 * (the server runs them as that company). Another company's session events do not reach this
 * socket, so the list is read again after each action. The modal also edits, deletes and adds that
 * company's connections (CompanyConnectionsDialog).
 */
export default function AllConnectionsPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: connectionKeys.allCompanies,
    queryFn: () => api.get<AllConnectionsView>('/whatsapp/all/', { session: '0' }),
  });
  useErrorToast(query);
  const rows = query.data ?? [];
  const groups = group(rows);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = groups.find((g) => g.companyId === openId) ?? null;
  const [qr, setQr] = useState<ConnectionView | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const session = useSessionAction();
  const act = async (action: SessionAction, c: ConnectionView) => {
    setBusyId(c.id);
    try {
      await session.mutateAsync({ action, id: c.id });
    } catch (err) {
      toastError(err);
    } finally {
      setBusyId(null);
      void query.refetch();
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('connections.all.title')}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('connections.all.company')}</TableCell>
              <TableCell align="center">{t('connections.all.connected')}</TableCell>
              <TableCell align="center">{t('connections.all.disconnected')}</TableCell>
              <TableCell align="center">{t('connections.all.total')}</TableCell>
              <TableCell align="center">{t('connections.table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!query.isLoading && groups.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  <Typography color="text.secondary" sx={{ py: 3 }}>
                    {t('connections.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {groups.map((g) => (
              <TableRow key={g.companyId} hover>
                <TableCell>{g.companyName}</TableCell>
                <TableCell align="center">{connected(g.connections)}</TableCell>
                <TableCell align="center">{g.connections.length - connected(g.connections)}</TableCell>
                <TableCell align="center">{g.connections.length}</TableCell>
                <TableCell align="center">
                  <Tooltip title={t('connections.all.open')}>
                    <IconButton size="small" aria-label={t('connections.all.open')} onClick={() => setOpenId(g.companyId)}>
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {groups.length > 0 && (
              <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                <TableCell>{t('connections.all.grandTotal')}</TableCell>
                <TableCell align="center">{connected(rows)}</TableCell>
                <TableCell align="center">{rows.length - connected(rows)}</TableCell>
                <TableCell align="center">{rows.length}</TableCell>
                <TableCell />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {open && (
        <CompanyConnectionsDialog
          companyId={open.companyId}
          companyName={open.companyName}
          connections={open.connections}
          busyId={busyId}
          onAction={act}
          onShowQr={setQr}
          onClose={() => setOpenId(null)}
        />
      )}
      {qr && <QrCodeDialog connection={qr} onClose={() => setQr(null)} />}
    </Stack>
  );
}
