import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, Chip, Stack, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The name of the stored file, or null. */
  storedName: string | null;
  /** A file chosen in this modal, sent when the campaign is saved. */
  pending: File | null;
  disabled: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

/**
 * The campaign's one attachment (spec 3 "Campaigns"): every contact receives it with the campaign
 * message (the text as its caption; an audio after the text). Pick a file, or remove it.
 */
export function CampaignAttachment({ storedName, pending, disabled, onPick, onRemove }: Props) {
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
        {t('campaigns.modal.attach')}
        <input hidden type="file" disabled={disabled} onChange={pick} data-testid="campaign-file" />
      </Button>
      {name ? (
        <Chip
          label={name}
          data-testid="campaign-attachment"
          onDelete={disabled ? undefined : onRemove}
          deleteIcon={<DeleteOutlineIcon aria-label={t('campaigns.modal.removeAttachment')} />}
        />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('campaigns.modal.attachHint')}
        </Typography>
      )}
    </Stack>
  );
}
