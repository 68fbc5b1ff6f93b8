import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, TextField } from '@mui/material';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import type { ContactFormValues } from '../contact-form';

interface Props {
  fields: { key: string }[];
  register: UseFormRegister<ContactFormValues>;
  errors?: FieldErrors<ContactFormValues>['extraInfo'];
  onAdd(): void;
  onRemove(index: number): void;
}

/** The contact's extra info (spec 1 §2.7): name/value pairs, added and removed one by one. */
export function ExtraInfoFields({ fields, register, errors, onAdd, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      {fields.map((field, i) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="extra-info-row">
          <TextField
            size="small"
            fullWidth
            label={t('contacts.modal.extraName')}
            {...register(`extraInfo.${i}.name`)}
            error={!!errors?.[i]?.name}
            helperText={fieldError(t, errors?.[i]?.name)}
          />
          <TextField
            size="small"
            fullWidth
            label={t('contacts.modal.extraValue')}
            {...register(`extraInfo.${i}.value`)}
            error={!!errors?.[i]?.value}
            helperText={fieldError(t, errors?.[i]?.value)}
          />
          <IconButton onClick={() => onRemove(i)} aria-label={t('contacts.modal.removeExtra')} sx={{ mt: 0.5 }}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ alignSelf: 'flex-start' }} data-testid="add-extra-info">
        {t('contacts.modal.addExtra')}
      </Button>
    </Stack>
  );
}
