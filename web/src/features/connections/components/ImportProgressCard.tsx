import type { ImportMessagesStatus } from '@chatflow/contract';
import { Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../lib/format';

/**
 * The progress card of an import of old messages (spec 2 §4): "preparing" while `this` is -1, then
 * how many messages of those received so far are in, and the date of the one just stored.
 */
export function ImportProgressCard({ status }: { status: ImportMessagesStatus }) {
  const { t } = useTranslation();
  const preparing = status.this === -1;
  const percent = status.all > 0 ? Math.min(100, Math.round((status.this / status.all) * 100)) : 0;
  return (
    <Card variant="outlined" data-testid="import-progress" role="status">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2">
            {t('connections.import.title')}
          </Typography>
          {preparing ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('connections.import.preparing')}
              </Typography>
              <LinearProgress aria-label={t('connections.import.title')} />
            </>
          ) : (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
                <Typography variant="body2">{t('connections.import.progress', { done: status.this, total: status.all })}</Typography>
                {status.date && (
                  <Typography variant="body2" color="text.secondary">
                    {t('connections.import.date', { date: `${formatDate(status.date)} ${formatTime(status.date)}` })}
                  </Typography>
                )}
              </Stack>
              <LinearProgress variant="determinate" value={percent} aria-label={t('connections.import.title')} />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
