import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * Integrations tab (spec 2 §3 "Links": integrationId, promptId). Queue integrations and AI prompts
 * arrive with their own features; until then there is nothing to choose, and the tab says so.
 */
export function IntegrationsTab() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('connections.dialog.integrationsEmpty')}</Alert>
      <TextField select disabled fullWidth label={t('connections.dialog.integration')} value="">
        <MenuItem value="">{t('connections.dialog.none')}</MenuItem>
      </TextField>
      <TextField select disabled fullWidth label={t('connections.dialog.prompt')} value="">
        <MenuItem value="">{t('connections.dialog.none')}</MenuItem>
      </TextField>
    </Stack>
  );
}
