import {
  type CampaignSettingsValues,
  CampaignSettingsValues as SettingsSchema,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useCampaignSettings, useSaveCampaignSettings } from './hooks/use-campaigns';

/** /campaigns-config: intervals, sending hours, weekends and custom variables (spec 3 §3, §9). */
export default function CampaignsConfigPage() {
  const settings = useCampaignSettings();
  if (!settings.data) return <CircularProgress size={28} />;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: CampaignSettingsValues }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [variable, setVariable] = useState({ key: '', value: '' });
  const save = useSaveCampaignSettings();
  const set = <K extends keyof CampaignSettingsValues>(key: K, value: CampaignSettingsValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const parsed = SettingsSchema.safeParse(values);
    if (!parsed.success) return toastError(t(parsed.error.issues[0].message));
    try {
      await save.mutateAsync(parsed.data);
      notify(t('campaigns.config.saved'));
    } catch (err) {
      toastError(err);
    }
  };

  const addVariable = () => {
    const key = variable.key.trim();
    if (!key || !/^[\p{L}\p{N}_]+$/u.test(key)) return toastError(t('validation.invalid'));
    set('variables', [...values.variables.filter((v) => v.key !== key), { key, value: variable.value }]);
    setVariable({ key: '', value: '' });
  };

  const interval = (key: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', options: readonly number[], unit: string) => (
    <TextField
      select
      fullWidth
      size="small"
      label={t(`campaigns.config.${key}`)}
      value={values[key]}
      onChange={(e) => set(key, Number(e.target.value))}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `config-${key}` } as object } }}
    >
      {options.map((n) => (
        <MenuItem key={n} value={n}>
          {n === 0 ? t('campaigns.config.noInterval') : `${n} ${unit}`}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('campaigns.config.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          {t('campaigns.config.intervals')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>{interval('messageInterval', MESSAGE_INTERVAL_OPTIONS, t('campaigns.config.seconds'))}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            {interval('longerIntervalAfter', LONGER_INTERVAL_AFTER_OPTIONS, t('campaigns.config.messages'))}
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>{interval('greaterInterval', GREATER_INTERVAL_OPTIONS, t('campaigns.config.seconds'))}</Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              fullWidth
              size="small"
              type="time"
              label={t('campaigns.config.startHour')}
              value={values.startHour}
              onChange={(e) => set('startHour', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              fullWidth
              size="small"
              type="time"
              label={t('campaigns.config.endHour')}
              value={values.endHour}
              onChange={(e) => set('endHour', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormControlLabel
              control={<Switch checked={values.sabado} onChange={(e) => set('sabado', e.target.checked)} />}
              label={t('campaigns.config.sabado')}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormControlLabel
              control={<Switch checked={values.domingo} onChange={(e) => set('domingo', e.target.checked)} />}
              label={t('campaigns.config.domingo')}
            />
          </Grid>
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('campaigns.config.variables')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('campaigns.config.variablesHelp')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label={t('campaigns.config.variableKey')}
            value={variable.key}
            onChange={(e) => setVariable((v) => ({ ...v, key: e.target.value }))}
          />
          <TextField
            size="small"
            label={t('campaigns.config.variableValue')}
            value={variable.value}
            onChange={(e) => setVariable((v) => ({ ...v, value: e.target.value }))}
            sx={{ flexGrow: 1 }}
          />
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addVariable}>
            {t('campaigns.config.addVariable')}
          </Button>
        </Stack>
        {values.variables.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('campaigns.config.noVariables')}
          </Typography>
        )}
        {values.variables.map((v) => (
          <Stack key={v.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontFamily: 'monospace' }}>{`{${v.key}}`}</Typography>
            <Typography sx={{ flexGrow: 1 }}>{v.value}</Typography>
            <IconButton
              size="small"
              aria-label={t('common.delete')}
              onClick={() =>
                set(
                  'variables',
                  values.variables.filter((x) => x.key !== v.key),
                )
              }
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Paper>
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="config-save">
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
