import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, Chip, Stack } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  storedName: string | null;
  pending: File | null;
  disabled: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

/** The schedule's one attachment (sent with the text as its caption): pick a file, or remove it. */
export function ScheduleAttachment({ storedName, pending, disabled, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  const name = pending?.name ?? storedName;
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onPick(file);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} disabled={disabled}>
        {t('schedules.modal.attach')}
        <input hidden type="file" disabled={disabled} onChange={pick} data-testid="schedule-file" />
      </Button>
      {name && (
        <Chip
          label={name}
          onDelete={disabled ? undefined : onRemove}
          deleteIcon={<DeleteOutlineIcon aria-label={t('schedules.modal.removeAttachment')} />}
        />
      )}
    </Stack>
  );
}
