import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Chip, IconButton, TextField, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { storedFileLabel } from '../file-list-form';

interface Props {
  index: number;
  nameInput: UseFormRegisterReturn;
  nameError?: string;
  storedPath: string;
  pending: File | null;
  missingFile: boolean;
  /** The chosen file is of a kind the list cannot hold (checked before anything is saved). */
  invalidFile?: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

/** One file of the list: its name, the file (stored or chosen now, sent after the save) and a remove button. */
export function FileOptionRow({ index, nameInput, nameError, storedPath, pending, missingFile, invalidFile, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onPick(file);
  };
  const fileLabel = pending?.name ?? (storedPath ? storedFileLabel(storedPath) : null);
  return (
    <Box
      data-testid="file-option-row"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
      }}
    >
      <TextField
        size="small"
        label={t('fileLists.modal.optionName', { n: index + 1 })}
        {...nameInput}
        error={!!nameError}
        helperText={nameError}
        slotProps={{ htmlInput: { 'data-testid': 'file-option-name' } }}
      />
      <Box sx={{ gridRow: { xs: 2, sm: 'auto' }, gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0, pt: { sm: 0.5 } }}>
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} sx={{ mr: 1 }}>
          {fileLabel ? t('fileLists.modal.replaceFile') : t('fileLists.modal.chooseFile')}
          <input hidden type="file" onChange={pick} data-testid="file-option-input" />
        </Button>
        {fileLabel && <Chip size="small" label={fileLabel} sx={{ maxWidth: '100%' }} data-testid="file-option-file" />}
        {invalidFile && (
          <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }} data-testid="file-option-invalid">
            {t('backendErrors.ERR_INVALID_FILE')}
          </Typography>
        )}
        {missingFile && (
          <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
            {t('fileLists.modal.fileRequired')}
          </Typography>
        )}
      </Box>
      <IconButton onClick={onRemove} aria-label={t('fileLists.modal.removeOption')} size="small">
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
