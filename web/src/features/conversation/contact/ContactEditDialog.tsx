import { type ContactView, TicketContactInput } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Controller, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../../components/form-errors';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { notify } from '../../../lib/notify';
import { type ContactFormValues, ExtraInfoFields, isMaskedNumber, toFormValues, toPayload, useSaveContact } from '../../contacts';

interface Props {
  contact: ContactView;
  open: boolean;
  onClose(): void;
  onSaved(contact: ContactView): void;
}

/**
 * The contact form as opened from a ticket: the contacts page's fields, with the ticket side's own
 * name bound of 2 to 50 (contract TicketContactInput). A masked (LGPD) number is shown, not sent.
 */
export function ContactEditDialog({ contact, open, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const masked = isMaskedNumber(contact.number);
  const schema = masked ? TicketContactInput.omit({ number: true }) : TicketContactInput;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ContactFormValues>,
    defaultValues: toFormValues(contact),
  });
  const extra = useFieldArray({ control, name: 'extraInfo', keyName: 'key' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: contact.id, payload: toPayload(values, masked) });
      notify(t('conversation.contact.saved'));
      onSaved(saved);
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle>{t('conversation.contact.editTitle')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('conversation.contact.name')}
              autoFocus
              fullWidth
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'drawer-contact-name' } }}
            />
            <Controller
              name="number"
              control={control}
              render={({ field }) => (
                <PhoneNumberField
                  label={t('conversation.contact.number')}
                  fullWidth
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={masked}
                  error={!!errors.number}
                  helperText={fieldError(t, errors.number)}
                />
              )}
            />
            <TextField
              label={t('conversation.contact.email')}
              type="email"
              fullWidth
              {...register('email')}
              error={!!errors.email}
              helperText={fieldError(t, errors.email)}
            />
            <Typography variant="subtitle2">{t('conversation.contact.extraInfo')}</Typography>
            <ExtraInfoFields
              fields={extra.fields}
              register={register}
              errors={errors.extraInfo}
              onAdd={() => extra.append({ name: '', value: '' })}
              onRemove={extra.remove}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="drawer-contact-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
