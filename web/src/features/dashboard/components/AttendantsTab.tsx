import type { AttendantRow } from '@chatflow/contract';
import { Box, Chip, Paper, Rating, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../format';

/** The Atendentes tab: one row per agent with rating, tickets, average times and online state. */
export function AttendantsTab({ rows }: { rows: AttendantRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('common.noRecords')}</Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="attendants-table" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.attendants.name')}</TableCell>
            <TableCell>{t('dashboard.attendants.rating')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.tickets')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.avgWaitTime')}</TableCell>
            <TableCell align="right">{t('dashboard.attendants.avgSupportTime')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid={`attendant-${r.id}`}>
              <TableCell>{r.name}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {/* Ratings are 0 to 10; the stars show them on five. */}
                  <Rating size="small" readOnly precision={0.5} value={r.rating === null ? 0 : r.rating / 2} />
                  <Typography variant="caption" color="text.secondary">
                    {r.rating === null ? '—' : `${r.rating.toLocaleString('pt-BR')} (${r.countRating})`}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell align="right">{r.tickets}</TableCell>
              <TableCell align="right">{hoursMinutes(r.avgWaitTime)}</TableCell>
              <TableCell align="right">{hoursMinutes(r.avgSupportTime)}</TableCell>
              <TableCell align="center">
                <Chip
                  size="small"
                  color={r.online ? 'success' : 'default'}
                  label={r.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
