import type { DashboardCounters } from '@chatflow/contract';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PercentIcon from '@mui/icons-material/Percent';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Paper, Typography } from '@mui/material';
import { Gauge } from '@mui/x-charts/Gauge';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import { FigureCard, figureGrid } from './FigureCard';

const pct = (n: number) => `${n.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/** The NPS tab: the score (−100 to 100), the shares of promoters, passives and detractors, and the rating counts. */
export function NpsTab({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const shares = [
    { id: 0, value: counters.npsPromotersPerc, label: t('dashboard.nps.promoters'), color: '#2e7d32' },
    { id: 1, value: counters.npsPassivePerc, label: t('dashboard.nps.passives'), color: '#f9a825' },
    { id: 2, value: counters.npsDetractorsPerc, label: t('dashboard.nps.detractors'), color: '#c62828' },
  ];
  const rated = shares.some((s) => s.value > 0);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 1.5 }}>
        <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }} data-testid="nps-score">
          <Typography variant="subtitle1">{t('dashboard.nps.score')}</Typography>
          <Gauge
            height={180}
            // The score runs from −100 to 100; the arc is drawn from 0 to 200 (it fills from its minimum).
            value={counters.npsScore + 100}
            valueMin={0}
            valueMax={200}
            startAngle={-110}
            endAngle={110}
            text={() => counters.npsScore.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}
            sx={{ '& .MuiGauge-valueText text': { fontSize: 32, fontWeight: 600 } }}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="nps-shares">
          <Typography variant="subtitle1">{t('dashboard.nps.shares')}</Typography>
          {rated ? (
            <PieChart
              height={200}
              series={[{ data: shares, innerRadius: 50, valueFormatter: (v) => pct(v.value) }]}
              slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
            />
          ) : (
            <Box sx={{ height: 200, display: 'grid', placeItems: 'center' }}>
              <Typography color="text.secondary">{t('dashboard.nps.noRatings')}</Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
            {shares.map((s) => (
              <Typography key={s.id} variant="body2" sx={{ color: s.color }} data-testid={`nps-share-${s.id}`}>
                {s.label}: {pct(s.value)}
              </Typography>
            ))}
          </Box>
        </Paper>
      </Box>
      <Box sx={figureGrid}>
        <FigureCard
          label={t('dashboard.counters.withRating')}
          value={counters.withRating}
          icon={<StarIcon />}
          color="#2e7d32"
          testId="counter-withRating"
        />
        <FigureCard
          label={t('dashboard.counters.withoutRating')}
          value={counters.withoutRating}
          icon={<StarBorderIcon />}
          color="#757575"
          testId="counter-withoutRating"
        />
        <FigureCard
          label={t('dashboard.counters.waitRating')}
          value={counters.waitRating}
          icon={<HourglassEmptyIcon />}
          color="#c77700"
          testId="counter-waitRating"
        />
        <FigureCard
          label={t('dashboard.counters.percRating')}
          value={pct(counters.percRating)}
          icon={<PercentIcon />}
          color="#1565c0"
          testId="counter-percRating"
        />
      </Box>
    </Box>
  );
}
