import { COMPANY_SETTING_DEFAULTS, SETTING_MESSAGE_REQUIRED_WHEN } from '@chatflow/contract';
import { Alert, Box, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCompanySettings, useSaveSetting } from './hooks';
import { LGPD_DETAIL_KEYS, OPTION_GROUPS, type OptionField } from './option-fields';
import { SettingSelect, SettingSwitch } from './SettingInputs';
import { SettingTextField } from './SettingTextField';

/** Switches and selects sit three to a row; free texts take half a row. */
function fieldSize(field: OptionField, switchWidth = 4) {
  if (field.kind === 'switch') return { xs: 12, sm: 6, md: switchWidth };
  if (field.kind === 'text' && field.type !== 'number') return { xs: 12, md: 6 };
  return { xs: 12, sm: 6, md: 4 };
}

/** "Opções": the company's settings, each saved the moment it changes (spec 2 §2 Settings). */
export function OptionsTab() {
  const { t } = useTranslation();
  const settings = useCompanySettings();
  const save = useSaveSetting('company');

  if (settings.isLoading)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (settings.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const values = { ...COMPANY_SETTING_DEFAULTS, ...settings.data };

  const isRequired = (key: string) => {
    const rule = SETTING_MESSAGE_REQUIRED_WHEN[key];
    return !!rule && values[rule.toggle] === rule.value;
  };

  const render = (field: OptionField) => {
    const common = { settingKey: field.key, label: t(`settings.options.${field.key}`), value: values[field.key] ?? '', save };
    if (field.kind === 'switch') return <SettingSwitch {...common} />;
    if (field.kind === 'select')
      return <SettingSelect {...common} options={field.options} optionLabel={(o) => t(`${field.labelPrefix}${o}`)} />;
    return <SettingTextField {...common} multiline={field.multiline} type={field.type} required={isRequired(field.key)} />;
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {OPTION_GROUPS.map((group) => (
        <Paper key={group.id} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`settings-group-${group.id}`}>
          <Typography id={`settings-group-${group.id}`} variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            {t(`settings.groups.${group.id}`)}
          </Typography>
          <Grid container spacing={2}>
            {group.fields
              .filter((f) => !LGPD_DETAIL_KEYS.has(f.key) || values.enableLGPD === 'enabled')
              .map((field) => (
                <Grid key={field.key} size={fieldSize(field, group.switchWidth)}>
                  {render(field)}
                </Grid>
              ))}
          </Grid>
        </Paper>
      ))}
    </Box>
  );
}
