import {
  Box,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useErrorToast } from '../../components/use-error-toast';
import { formatDate, formatTime } from '../../lib/format';
import { useCampaign, useCampaignsRealtime, useShipping } from './hooks/use-campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from './hooks/use-campaigns';

const dateTime = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');
/** Spec 3 "Campaigns": the report reloads 5 s after the campaign becomes FINALIZADA. */
const RELOAD_AFTER_FINISH_MS = 5000;

/** Progress is delivered divided by valid contacts, as a percentage (spec 3 §4). */
export const progressOf = (delivered: number, valid: number) => (valid > 0 ? Math.min(100, Math.round((delivered / valid) * 100)) : 0);

/** /campaign/{id}/report: progress and shipping records, live from company-{id}-campaign. */
export default function CampaignReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().campaignId);
  const qc = useQueryClient();
  const campaign = useCampaign(id);
  const shipping = useShipping(id);
  const records = shipping.data?.pages.flatMap((p) => p.records) ?? [];
  const scroll = useLoadMoreOnScroll(shipping, records.length);
  useCampaignsRealtime((c) => {
    if (c.id === id) void qc.invalidateQueries({ queryKey: campaignKeys.shipping(id) });
  });
  useErrorToast(campaign);
  const status = campaign.data?.status;
  useEffect(() => {
    if (status !== 'FINALIZADA') return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_FINISH_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (!campaign.data) return <CircularProgress size={28} />;
  const c = campaign.data;
  const percent = progressOf(c.deliveredCount, c.contactsCount);
  const cards = [
    { label: t('campaigns.report.validContacts'), value: c.contactsCount },
    { label: t('campaigns.report.delivered'), value: c.deliveredCount },
    { label: t('campaigns.report.connection'), value: c.whatsapp?.name ?? '—' },
    { label: t('campaigns.report.contactList'), value: c.contactList?.name ?? '—' },
    { label: t('campaigns.report.scheduledAt'), value: dateTime(c.scheduledAt) },
    { label: t('campaigns.report.completedAt'), value: dateTime(c.completedAt) },
  ];
  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Typography variant="h5" component="h1">
        {t('campaigns.report.heading', { name: c.name })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              sx={{ height: 10, borderRadius: 5 }}
              aria-label={t('campaigns.report.progress')}
            />
          </Box>
          <Typography data-testid="campaign-progress" sx={{ minWidth: 48, textAlign: 'right' }}>
            {percent}%
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="campaign-report-status">
          {t(`campaigns.status.${c.status}`)}
        </Typography>
      </Paper>
      <Grid container spacing={2}>
        {cards.map((card) => (
          <Grid key={card.label} size={{ xs: 6, md: 2 }}>
            {/* Values wrap (the connection's and the list's names were cut to "Simulador Princi…" at 1366), and the
                cards of a row keep one height. */}
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography variant="caption" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                  {card.value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <TableContainer
        component={Paper}
        variant="outlined"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        sx={{ flexGrow: 1, minHeight: 200, maxHeight: 'calc(100vh - 360px)', overflowY: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label={t('campaigns.report.records')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.report.name')}</TableCell>
              <TableCell>{t('campaigns.report.number')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('campaigns.report.variant')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('campaigns.report.confirmationRequestedAt')}</TableCell>
              <TableCell>{t('campaigns.report.deliveredAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((r) => (
              <TableRow key={r.id} data-testid="shipping-row">
                <TableCell>{r.name}</TableCell>
                <TableCell>{r.number}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.variant}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {dateTime(r.confirmationRequestedAt)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.deliveredAt)}</TableCell>
              </TableRow>
            ))}
            {!shipping.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('campaigns.report.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
