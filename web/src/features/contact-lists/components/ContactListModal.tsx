import { ContactListInput, type ContactListView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../../components/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveContactList } from '../hooks/use-contact-lists';

/** Add or rename a contact list: name 2 to 50 (spec 3 §5). */
export function ContactListModal({ record, onClose }: { record: ContactListView | null; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveContactList();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({
    resolver: zodResolver(ContactListInput) as unknown as Resolver<{ name: string }>,
    defaultValues: { name: record?.name ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, name: values.name });
      notify(t('contactLists.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="contact-list-modal-title">
      <DialogTitle id="contact-list-modal-title">{record ? t('contactLists.editTitle') : t('contactLists.addTitle')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <TextField
            label={t('contactLists.name')}
            fullWidth
            autoFocus
            {...register('name')}
            error={!!errors.name}
            helperText={fieldError(t, errors.name)}
            slotProps={{ htmlInput: { 'data-testid': 'contact-list-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="contact-list-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
