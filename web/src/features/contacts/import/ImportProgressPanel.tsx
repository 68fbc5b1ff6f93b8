import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from './use-contact-import';

/** The bar and message while the import runs, then the summary of created and ignored contacts. */
export function ImportProgressPanel({ progress }: { progress: ImportProgress }) {
  const { t } = useTranslation();
  if (progress.status === 'idle') return null;
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 100;
  if (progress.status === 'running') {
    return (
      <Stack spacing={1} data-testid="import-progress">
        <LinearProgress variant="determinate" value={percent} aria-label={t('contacts.import.importing')} />
        <Typography variant="body2" color="text.secondary">
          {t('contacts.import.progress', { done: progress.done, total: progress.total })}
        </Typography>
      </Stack>
    );
  }
  return (
    <Alert severity={progress.ignored ? 'warning' : 'success'} data-testid="import-summary">
      <Box component="strong" sx={{ display: 'block' }}>
        {progress.ignored ? t('contacts.import.partial') : t('contacts.import.success')}
      </Box>
      {t('contacts.import.summary', { created: progress.created, ignored: progress.ignored })}
    </Alert>
  );
}
