import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, Chip, Stack } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { storedFileName } from '../quick-message-form';

interface Props {
  /** The stored attachment's name, as the server keeps it. */
  storedName: string | null;
  /** A file chosen in this modal, sent after the save. */
  pending: File | null;
  disabled: boolean;
  removing: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

/** The attachment of a quick message: pick one file, or remove the one it has. */
export function AttachmentField({ storedName, pending, disabled, removing, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  const name = pending ? storedFileName(pending.name) : storedName;
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onPick(file);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} disabled={disabled}>
        {t('quickMessages.modal.attach')}
        <input hidden type="file" disabled={disabled} onChange={pick} data-testid="quick-message-file" />
      </Button>
      {name && (
        <Chip
          label={name}
          data-testid="quick-message-attachment"
          onDelete={disabled || removing ? undefined : onRemove}
          deleteIcon={<DeleteOutlineIcon aria-label={t('quickMessages.modal.removeAttachment')} />}
        />
      )}
    </Stack>
  );
}
