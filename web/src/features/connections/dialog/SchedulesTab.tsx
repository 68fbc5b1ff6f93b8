import { Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import type { ConnectionForm } from './fields';

const SHIFTS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;

/** Schedules tab (only when the scheduleType setting is 'connection'): two shifts per weekday, HH:mm. */
export function SchedulesTab({ form }: { form: ConnectionForm }) {
  const { t } = useTranslation();
  const schedules = form.watch('schedules');
  const errors = form.formState.errors.schedules;
  return (
    <Stack spacing={1.5}>
      {schedules.map((day, i) => (
        <Stack key={day.weekdayEn ?? day.weekday} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" sx={{ width: 130, flexShrink: 0, fontWeight: 500 }}>
            {day.weekdayEn ? t(`connections.weekdays.${day.weekdayEn}`) : day.weekday}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexGrow: 1 }}>
            {SHIFTS.map((shift) => (
              <TextField
                key={shift}
                type="time"
                size="small"
                label={t(`connections.dialog.${shift}`)}
                {...form.register(`schedules.${i}.${shift}`)}
                error={!!errors?.[i]?.[shift]}
                helperText={fieldError(t, errors?.[i]?.[shift])}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
