import { DOWNLOAD_LIMIT_OPTIONS, GLOBAL_SETTING_DEFAULTS, WHITELABEL_LOGO_MODES } from '@chatflow/contract';
import { Alert, Box, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ColorSetting } from './ColorSetting';
import { useGlobalSettings, useSaveSetting } from './hooks';
import { LogoUpload } from './LogoUpload';
import { SettingSelect, SettingSwitch } from './SettingInputs';
import { SettingTextField } from './SettingTextField';

/**
 * "Whitelabel" (super user): name, colours and logos of the whole platform, plus the platform-wide
 * user-creation switch and download limit. Every change refreshes the public settings, so the theme
 * follows at once.
 */
export function WhitelabelTab() {
  const { t } = useTranslation();
  const settings = useGlobalSettings();
  const save = useSaveSetting('global');

  if (settings.isLoading)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (settings.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const values = { ...GLOBAL_SETTING_DEFAULTS, ...settings.data };
  const section = (id: string, children: React.ReactNode) => (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`whitelabel-${id}`}>
      <Typography id={`whitelabel-${id}`} variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t(`settings.whitelabel.${id}`)}
      </Typography>
      {children}
    </Paper>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {section(
        'appearance',
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <SettingTextField settingKey="appName" label={t('settings.whitelabel.appName')} value={values.appName} save={save} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <ColorSetting
              settingKey="primaryColorLight"
              label={t('settings.whitelabel.primaryColorLight')}
              value={values.primaryColorLight}
              save={save}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <ColorSetting
              settingKey="primaryColorDark"
              label={t('settings.whitelabel.primaryColorDark')}
              value={values.primaryColorDark}
              save={save}
            />
          </Grid>
        </Grid>,
      )}
      {section(
        'logos',
        <Grid container spacing={2}>
          {WHITELABEL_LOGO_MODES.map((mode) => (
            <Grid key={mode} size={{ xs: 12, md: 4 }}>
              <LogoUpload mode={mode} value={values[`appLogo${mode}`] ?? ''} save={save} />
            </Grid>
          ))}
        </Grid>,
      )}
      {section(
        'platform',
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingSwitch
              settingKey="userCreation"
              label={t('settings.whitelabel.userCreation')}
              value={values.userCreation}
              save={save}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingSelect
              settingKey="downloadLimit"
              label={t('settings.whitelabel.downloadLimit')}
              value={values.downloadLimit}
              save={save}
              options={DOWNLOAD_LIMIT_OPTIONS}
              optionLabel={(mb) => t('settings.whitelabel.downloadLimitOption', { mb })}
            />
          </Grid>
        </Grid>,
      )}
    </Box>
  );
}
