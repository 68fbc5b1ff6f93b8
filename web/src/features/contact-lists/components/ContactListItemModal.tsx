import { ContactListItemInput, type ContactListItemView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../../components/form-errors';
import { notify } from '../../../lib/notify';
import { type ItemValues, useSaveItem } from '../hooks/use-contact-lists';

type FormValues = ItemValues & { contactListId: number };

/** Add or edit a list item: name 2 to 50, number 8 to 50, a valid email when given (spec 3 §5). */
export function ContactListItemModal({ listId, record, onClose }: { listId: number; record: ContactListItemView | null; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveItem(listId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(ContactListItemInput) as unknown as Resolver<FormValues>,
    defaultValues: { name: record?.name ?? '', number: record?.number ?? '', email: record?.email ?? '', contactListId: listId },
  });
  const onSubmit = handleSubmit(async ({ name, number, email }) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, values: { name, number, email } });
      notify(t('contactLists.items.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="contact-list-item-modal-title">
      <DialogTitle id="contact-list-item-modal-title">
        {record ? t('contactLists.items.editTitle') : t('contactLists.items.addTitle')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('contactLists.items.name')}
              autoFocus
              fullWidth
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'item-name' } }}
            />
            <TextField
              label={t('contactLists.items.number')}
              fullWidth
              {...register('number')}
              error={!!errors.number}
              helperText={fieldError(t, errors.number)}
              slotProps={{ htmlInput: { 'data-testid': 'item-number' } }}
            />
            <TextField
              label={t('contactLists.items.email')}
              fullWidth
              {...register('email')}
              error={!!errors.email}
              helperText={fieldError(t, errors.email)}
              slotProps={{ htmlInput: { 'data-testid': 'item-email' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="item-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
