import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';

/** Spec 3 §9: the randomizer's percentage goes from 0 to 100 in steps of 10. */
const PERCENTS = Array.from({ length: 11 }, (_, i) => i * 10);

/** Randomizer: path A is taken with `percent` chance, path B otherwise (handles 'a' and 'b'). */
export function RandomizerDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const [percent, setPercent] = useState(() => {
    const saved = Number(data?.percent);
    return PERCENTS.includes(saved) ? saved : 50;
  });
  const type = t('flows.nodeTypes.randomizer');
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ percent });
      }}
      onClose={onClose}
      maxWidth="xs"
    >
      <Stack spacing={2}>
        <TextField
          select
          label={t('flows.randomizer.percent')}
          value={percent}
          onChange={(e) => setPercent(Number(e.target.value))}
          fullWidth
          autoFocus
        >
          {PERCENTS.map((p) => (
            <MenuItem key={p} value={p}>
              {p}%
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {t('flows.randomizer.pathA', { percent })} · {t('flows.randomizer.pathB', { percent: 100 - percent })}
        </Typography>
      </Stack>
    </NodeDialogShell>
  );
}
