import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import { maskTime } from '../../../components/time-mask';
import type { ConnectionForm } from './fields';

const SHIFTS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;

/**
 * Schedules tab (only when the scheduleType setting is 'connection'): two shifts per weekday, typed through
 * the ##:## mask (spec 2 §5). Edits stay in the form until the dialog is saved, which the hint says.
 */
export function SchedulesTab({ form }: { form: ConnectionForm }) {
  const { t } = useTranslation();
  const schedules = form.watch('schedules');
  const errors = form.formState.errors.schedules;
  const edited = !!form.formState.dirtyFields.schedules;
  return (
    <Stack spacing={1.5}>
      {edited && (
        <Alert severity="info" data-testid="schedules-click-save">
          {t('connections.dialog.schedulesClickSave')}
        </Alert>
      )}
      {schedules.map((day, i) => (
        <Stack key={day.weekdayEn ?? day.weekday} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" sx={{ width: 130, flexShrink: 0, fontWeight: 500 }}>
            {day.weekdayEn ? t(`connections.weekdays.${day.weekdayEn}`) : day.weekday}
          </Typography>
          <Box sx={{ flexGrow: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}>
            {SHIFTS.map((shift) => (
              <TextField
                key={shift}
                size="small"
                placeholder="HH:mm"
                label={t(`connections.dialog.${shift}`)}
                {...form.register(`schedules.${i}.${shift}`, {
                  onChange: (e) => form.setValue(`schedules.${i}.${shift}`, maskTime(e.target.value), { shouldDirty: true }),
                })}
                error={!!errors?.[i]?.[shift]}
                helperText={fieldError(t, errors?.[i]?.[shift])}
                // A ##:## text field (spec 2 §5), not the browser's time input, which shows 12-hour clocks in some locales.
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { inputMode: 'numeric', maxLength: 5, 'aria-label': `${t(`connections.dialog.${shift}`)} ${day.weekday}` },
                }}
              />
            ))}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
