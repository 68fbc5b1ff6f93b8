import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { ApiError } from '../../lib/api';
import { useUserList } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { PanelCard } from './components/PanelCard';
import { useMoments, useMomentsRealtime } from './hooks/use-moments';
import { canOpenFromPanel, panelColumns, WAIT_ALERT_MINUTES } from './hooks/panel-rules';

/** The waiting minutes move on by themselves: the page's clock ticks every 30 s. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** `/moments`: "Painel de Atendimentos", one card per agent plus "Pendentes", live (spec 2). */
export default function MomentsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const moments = useMoments();
  useMomentsRealtime();
  const agents = useUserList();
  const now = useNow();
  const columns = useMemo(() => panelColumns(moments.data ?? [], agents.data ?? []), [moments.data, agents.data]);

  useEffect(() => {
    if (!moments.isError) return;
    // Spec 2 §8: a 500 shows the get-users error, anything else the generic one.
    const status = moments.error instanceof ApiError ? moments.error.status : 0;
    notify(status === 500 ? t('dashboard.moments.loadUsersError') : t('dashboard.moments.loadError'), 'error');
  }, [moments.isError, moments.error, t]);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="moments-page">
      <Typography variant="h5" component="h1">
        {t('dashboard.moments.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="moments-legend">
        {t('dashboard.moments.legend', { minutes: WAIT_ALERT_MINUTES })}
      </Typography>
      {moments.isPending || agents.isPending ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress size={28} />
        </Box>
      ) : (
        <>
          {(moments.data ?? []).length === 0 && (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="moments-empty">
              <Typography color="text.secondary">{t('dashboard.moments.empty')}</Typography>
            </Paper>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
                xl: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            {columns.map((c) => (
              <PanelCard
                key={c.key}
                testId={`panel-card-${c.key}`}
                title={c.title ?? t('dashboard.moments.pending')}
                online={c.online}
                tickets={c.tickets}
                canOpen={(ticket) => !!user && canOpenFromPanel(user, ticket)}
                onOpen={(ticket) => navigate(`/tickets/${ticket.uuid}`)}
                now={now}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
