import type { AllConnectionsView } from '@chatflow/contract';
import VisibilityIcon from '@mui/icons-material/Visibility';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../components/use-error-toast';
import { api } from '../../lib/api';
import { ChannelIcon } from './components/ChannelIcon';
import { StatusIcon } from './components/StatusIcon';
import { connectionKeys } from './hooks/use-connections';

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
 * counts with a grand total; the eye opens that company's connections. Session actions and edits act
 * on the signed-in company only in this build, so the modal is a read-only overview.
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
  const [open, setOpen] = useState<CompanyGroup | null>(null);

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
                    <IconButton size="small" aria-label={t('connections.all.open')} onClick={() => setOpen(g)}>
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
        <Dialog open onClose={() => setOpen(null)} maxWidth="md" fullWidth aria-labelledby="company-connections-title">
          <DialogTitle id="company-connections-title">{open.companyName}</DialogTitle>
          <DialogContent>
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell align="center">{t('connections.table.channel')}</TableCell>
                    <TableCell>{t('connections.table.name')}</TableCell>
                    <TableCell align="center">{t('connections.table.status')}</TableCell>
                    <TableCell align="center">{t('connections.table.updatedAt')}</TableCell>
                    <TableCell align="center">{t('connections.table.isDefault')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {open.connections.map((c) => (
                    <TableRow key={c.id}>
                      <TableCell align="center">
                        <ChannelIcon channel={c.channel} label={t(`connections.channels.${c.channel}`)} />
                      </TableCell>
                      <TableCell>{c.name}</TableCell>
                      <TableCell align="center">
                        <StatusIcon status={c.status} />
                      </TableCell>
                      <TableCell align="center">{format(parseISO(c.updatedAt), 'dd/MM/yy HH:mm')}</TableCell>
                      <TableCell align="center">{c.isDefault && <CheckCircleIcon color="success" fontSize="small" />}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
