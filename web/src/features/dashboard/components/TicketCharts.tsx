import { Box, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { DashboardFilter } from '../hooks/use-dashboard';
import { useTicketsByDay, useTicketsByUser } from '../hooks/use-dashboard';

function ChartPanel({ title, count, children, testId }: { title: string; count?: number; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle1">{title}</Typography>
        {count !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.charts.total', { count })}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

const Empty = () => {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: 240, display: 'grid', placeItems: 'center' }}>
      <Typography color="text.secondary">{t('dashboard.charts.empty')}</Typography>
    </Box>
  );
};

const CHART_HEIGHT = 260;
/** Room per agent's bar and name (body2 text), and for the value axis below them. */
const BAR_PX = 22;
const AXIS_PX = 50;

/** Tickets per agent and per day (per hour on a single day), over the filter. */
export function TicketCharts({ filter, enabled }: { filter: DashboardFilter; enabled: boolean }) {
  const { t } = useTranslation();
  const byUser = useTicketsByUser(filter, enabled);
  const byDay = useTicketsByDay(filter, enabled);
  const users = byUser.data?.data ?? [];
  const days = byDay.data?.data ?? [];
  const labels = days.map((d) => d.horario ?? format(parseISO(d.data ?? ''), 'dd/MM'));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 1.5 }}>
      <ChartPanel title={t('dashboard.charts.byUser')} count={byUser.data?.count} testId="chart-by-user">
        {users.length === 0 ? (
          <Empty />
        ) : (
          // Each agent gets a bar a name can sit beside; with many agents the chart scrolls inside its panel.
          <Box sx={{ maxHeight: CHART_HEIGHT, overflowY: 'auto' }}>
            <BarChart
              height={Math.max(CHART_HEIGHT, users.length * BAR_PX + AXIS_PX)}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: users.map((u) => u.nome), width: 110 }]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[{ data: users.map((u) => u.quantidade), label: t('dashboard.charts.tickets') }]}
              hideLegend
            />
          </Box>
        )}
      </ChartPanel>
      <ChartPanel
        title={filter.from === filter.to ? t('dashboard.charts.byHour') : t('dashboard.charts.byDay')}
        count={byDay.data?.count}
        testId="chart-by-day"
      >
        {days.length === 0 ? (
          <Empty />
        ) : (
          <BarChart
            height={CHART_HEIGHT}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[{ tickMinStep: 1, width: 40 }]}
            series={[{ data: days.map((d) => d.total), label: t('dashboard.charts.tickets'), color: '#0b708c' }]}
            hideLegend
          />
        )}
      </ChartPanel>
    </Box>
  );
}
