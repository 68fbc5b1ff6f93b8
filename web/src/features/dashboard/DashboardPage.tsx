import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/errors';
import { ConnectionsDownCard } from '../connections';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import { AttendantsTab } from './components/AttendantsTab';
import { DashboardFilter } from './components/DashboardFilter';
import { IndicatorsTab } from './components/IndicatorsTab';
import { NpsTab } from './components/NpsTab';
import { TicketCharts } from './components/TicketCharts';
import { monthToDate } from './format';
import { downloadSpreadsheet } from './hooks/download';
import { type DashboardFilter as Filter, dashboardParams, useDashboard } from './hooks/use-dashboard';

/** The dashboard loads 1000 ms after the filter settles (spec 2 §4, §9). */
const LOAD_DELAY_MS = 1000;
const TABS = ['indicators', 'nps', 'attendants'] as const;

/** `/`: the managers' dashboard (spec 1 §2.9): Indicadores, NPS and Atendentes over a filter. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('indicators');
  const [filter, setFilter] = useState<Filter>(() => {
    const { from, to } = monthToDate();
    return { from, to, queueIds: [], tags: [], users: [], whatsapps: [], status: [] };
  });
  const settledText = useDebounced(JSON.stringify(filter), LOAD_DELAY_MS);
  const settled = useMemo(() => JSON.parse(settledText) as Filter, [settledText]);
  // Without a range there is nothing to ask for: the screen asks for the filter instead.
  const parametrized = !!settled.from && !!settled.to;
  const dashboard = useDashboard(settled, parametrized);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (dashboard.isError) notify(t('dashboard.loadError'), 'error');
  }, [dashboard.isError, t]);

  const exportAttendants = async () => {
    setExporting(true);
    try {
      await downloadSpreadsheet('/dashboard/attendants/export', dashboardParams(settled), 'relatorio-de-atendentes.xlsx');
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="dashboard-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('dashboard.title')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={exporting ? <CircularProgress size={16} /> : <FileDownloadIcon />}
          disabled={!parametrized || exporting}
          onClick={exportAttendants}
          data-testid="export-attendants"
        >
          {t('dashboard.exportAttendants')}
        </Button>
      </Box>
      <ConnectionsDownCard />
      <DashboardFilter value={filter} onChange={setFilter} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((key) => (
          <Tab key={key} value={key} label={t(`dashboard.tabs.${key}`)} data-testid={`tab-${key}`} />
        ))}
      </Tabs>
      {!parametrized ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="dashboard-unparametrized">
          <Typography color="text.secondary">{t('dashboard.parametrize')}</Typography>
        </Paper>
      ) : !dashboard.data ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>{dashboard.isError ? null : <CircularProgress size={28} />}</Box>
      ) : (
        <Box sx={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, display: 'grid', gap: 1.5 }}>
          {tab === 'indicators' && (
            <>
              <IndicatorsTab counters={dashboard.data.counters} />
              <TicketCharts filter={settled} enabled={parametrized} />
            </>
          )}
          {tab === 'nps' && <NpsTab counters={dashboard.data.counters} />}
          {tab === 'attendants' && <AttendantsTab rows={dashboard.data.attendants} />}
        </Box>
      )}
    </Box>
  );
}
