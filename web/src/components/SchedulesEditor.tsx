import type { QueueScheduleItem } from '@chatflow/contract';
import { Box, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { maskTime } from './time-mask';

const SHIFT_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
type ShiftField = (typeof SHIFT_FIELDS)[number];

interface Props {
  value: QueueScheduleItem[];
  onChange(next: QueueScheduleItem[]): void;
  /** Messages by "row.field" (e.g. "2.endTimeA"), already translated. */
  errors?: Record<string, string | undefined>;
}

/**
 * Service hours: one row per weekday, two shifts (spec 2 §9: 08:00-12:00 and 13:00-18:00 by default).
 * Times are typed through an HH:mm mask; an empty shift is a shift not worked. Used by the queue
 * modal and by the company's schedules tab.
 */
export function SchedulesEditor({ value, onChange, errors = {} }: Props) {
  const { t } = useTranslation();
  const set = (row: number, field: ShiftField, text: string) =>
    onChange(value.map((s, i) => (i === row ? { ...s, [field]: maskTime(text) } : s)));

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {value.map((day, row) => (
        <Box
          key={day.weekdayEn ?? day.weekday}
          data-testid="schedule-row"
          sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: { xs: '1fr 1fr', md: '160px repeat(4, 1fr)' } }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            {day.weekdayEn ? t(`common.weekdays.${day.weekdayEn}`, { defaultValue: day.weekday }) : day.weekday}
          </Typography>
          {SHIFT_FIELDS.map((field) => (
            <TextField
              key={field}
              size="small"
              label={t(`common.schedule.${field}`)}
              value={day[field] ?? ''}
              onChange={(e) => set(row, field, e.target.value)}
              placeholder="HH:mm"
              error={!!errors[`${row}.${field}`]}
              helperText={errors[`${row}.${field}`]}
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: 5, 'aria-label': `${day.weekday} ${t(`common.schedule.${field}`)}` },
              }}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
