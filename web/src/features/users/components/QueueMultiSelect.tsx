import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../../queues';
import { QueueDot } from '../../../components/QueueDot';
import { coloredSx } from '../../../components/colored';

interface Props {
  value: number[];
  onChange(ids: number[]): void;
  label: string;
}

/** The company's queues (GET /queue) as a multi-select with coloured chips. */
export function QueueMultiSelect({ value, onChange, label }: Props) {
  const { t } = useTranslation();
  const { data: queues = [], isLoading } = useQueues();
  const byId = new Map(queues.map((q) => [q.id, q]));
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      data-testid="user-queues"
      helperText={!isLoading && queues.length === 0 ? t('users.modal.noQueues') : undefined}
      onChange={(e) => {
        const v = e.target.value as unknown as number[] | string;
        onChange(typeof v === 'string' ? v.split(',').map(Number) : v);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => {
                const q = byId.get(id);
                return <Chip key={id} size="small" label={q?.name ?? `#${id}`} sx={q ? coloredSx(q.color) : undefined} />;
              })}
            </Box>
          ),
        },
      }}
    >
      {queues.map((q) => (
        <MenuItem key={q.id} value={q.id}>
          <QueueDot color={q.color} />
          {q.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
