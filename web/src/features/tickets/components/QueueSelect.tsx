import type { QueueRef } from '@chatflow/contract';
import { Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QueueDot } from '../../../components/QueueDot';

interface Props {
  queues: QueueRef[];
  /** Admins and allTicket users also see tickets without a queue: a "Sem fila" line says so. */
  showsNoQueue: boolean;
  /** null: every queue (the default). */
  queueIds: number[] | null;
  onChange(queueIds: number[] | null): void;
}

/**
 * Filters the lists by queue (spec 1 §2.5); the default is every queue of the user. As on the server,
 * tickets without a queue and the user's own tickets show whatever is chosen, so "Sem fila" is a
 * fixed, checked line rather than a choice.
 */
export function QueueSelect({ queues, showsNoQueue, queueIds, onChange }: Props) {
  const { t } = useTranslation();
  const chosen = queueIds ?? queues.map((q) => q.id);
  const all = chosen.length === queues.length && queues.every((q) => chosen.includes(q.id));
  return (
    <TextField
      select
      size="small"
      value={chosen}
      data-testid="queue-select"
      sx={{ width: 100, flexShrink: 0, '& .MuiSelect-select': { fontSize: 14 } }}
      onChange={(e) => {
        const raw = e.target.value as unknown as (number | string)[] | string;
        const ids = (typeof raw === 'string' ? raw.split(',') : raw).map(Number).filter((id) => id > 0);
        onChange(ids.length === queues.length ? null : ids);
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('tickets.queueSelect.placeholder') },
        select: {
          multiple: true,
          displayEmpty: true,
          // Short enough for the search row: "Filas (2)"; the title says whether all are chosen.
          renderValue: () => (
            <span
              title={all ? t('tickets.queueSelect.all') : undefined}
            >{`${t('tickets.queueSelect.placeholder')} (${chosen.length})`}</span>
          ),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {queues.map((q) => (
        <MenuItem key={q.id} value={q.id} dense data-testid="queue-option">
          <Checkbox size="small" checked={chosen.includes(q.id)} sx={{ p: 0.5, mr: 1 }} />
          <QueueDot color={q.color} size={10} />
          <ListItemText primary={q.name} />
        </MenuItem>
      ))}
      {showsNoQueue && (
        <MenuItem value={0} dense disabled sx={{ '&.Mui-disabled': { opacity: 0.8 } }} data-testid="queue-option-none">
          <Checkbox size="small" checked disabled sx={{ p: 0.5, mr: 1 }} />
          <ListItemText
            primary={t('tickets.queueSelect.noQueue')}
            secondary={t('tickets.queueSelect.noQueueHint')}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 200 } } }}
          />
        </MenuItem>
      )}
    </TextField>
  );
}
