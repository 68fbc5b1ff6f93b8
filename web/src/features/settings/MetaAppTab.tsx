import { Alert, Box, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGlobalSettings, useSaveSetting, useSecretStatus } from './hooks';
import { SecretField } from './SecretField';
import { SettingTextField } from './SettingTextField';

/**
 * "Meta" (super user): the Meta app behind the connections page's Facebook/Instagram login and
 * WhatsApp Embedded Signup (README "Connecting for real"). The secret is write-only; an empty field
 * falls back to the server's environment (META_APP_ID, META_APP_SECRET, …).
 */
export function MetaAppTab() {
  const { t } = useTranslation();
  const settings = useGlobalSettings();
  const secrets = useSecretStatus();
  const saveSetting = useSaveSetting('global');
  const qc = useQueryClient();
  // The connections page reads what the login needs from GET /meta/login-settings: read it again after a change.
  const save = async (key: string, value: string) => {
    const refused = await saveSetting(key, value);
    if (!refused) void qc.invalidateQueries({ queryKey: ['meta', 'login-settings'] });
    return refused;
  };

  if (settings.isLoading || secrets.isLoading)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (settings.isError || secrets.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const values = settings.data ?? {};
  const text = (key: string) => (
    <SettingTextField
      settingKey={key}
      label={t(`settings.meta.keys.${key}`)}
      value={values[key] ?? ''}
      save={save}
      helperText={t(`settings.meta.hints.${key}`)}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="settings-meta-title">
      <Typography id="settings-meta-title" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('settings.meta.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.meta.intro')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>{text('metaAppId')}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SecretField
            settingKey="metaAppSecret"
            label={t('settings.meta.keys.metaAppSecret')}
            isSet={!!secrets.data?.metaAppSecret}
            save={save}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{text('metaEmbeddedSignupConfigId')}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{text('metaGraphVersion')}</Grid>
      </Grid>
    </Paper>
  );
}
