import type { ContactView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { PhoneNumberField } from '../../components/PhoneNumberField';
import { notify } from '../../lib/notify';
import { ExtraInfoFields } from './components/ExtraInfoFields';
import { type ContactFormValues, contactSchema, isMaskedNumber, NEW_CONTACT_VALUES, toFormValues, toPayload } from './contact-form';
import { type WalletUser, WalletField } from './components/WalletField';
import { useSaveContact } from './hooks/use-contact-mutations';
import { useContactWallet, useSaveContactWallet } from './hooks/use-contact-wallet';

interface Props {
  open: boolean;
  onClose(): void;
  /** null adds a contact. */
  contact: ContactView | null;
  onSaved?(contact: ContactView): void;
}

/**
 * The contact modal (spec 1 §2.8): name, number, e-mail, the extra info list and the contact's wallet
 * (the agents who own it, for DirectTicketsToWallets; admins change it). The contract's ContactInput
 * validates it, so the form and the server give the same messages; a number already taken comes back
 * as ERR_DUPLICATED_CONTACT and is shown as the translated error toast. The wallet is saved after the
 * contact (a new contact needs its id first), and only when it changed.
 */
export default function ContactModal({ open, onClose, contact, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const { user } = useAuth();
  const canEditWallet = user?.profile === 'admin';
  const storedWallet = useContactWallet(contact?.id ?? null);
  const saveWallet = useSaveContactWallet();
  const [wallet, setWallet] = useState<WalletUser[] | null>(null);
  // The stored wallet arrives after the modal opens; the field shows it until the user changes it.
  const shownWallet = wallet ?? storedWallet.data?.wallets ?? [];
  useEffect(() => {
    if (!open) setWallet(null);
  }, [open]);
  const masked = !!contact && isMaskedNumber(contact.number);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactSchema(masked)) as unknown as Resolver<ContactFormValues>,
    defaultValues: contact ? toFormValues(contact) : NEW_CONTACT_VALUES,
  });
  const extra = useFieldArray({ control, name: 'extraInfo', keyName: 'key' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: contact?.id ?? null, payload: toPayload(values, masked) });
      if (wallet && canEditWallet) await saveWallet.mutateAsync({ contactId: saved.id, userIds: wallet.map((u) => u.id) });
      notify(t('contacts.modal.success'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="contact-modal-title">
      <DialogTitle id="contact-modal-title">{contact ? t('contacts.modal.titleEdit') : t('contacts.modal.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="subtitle1">{t('contacts.modal.mainInfo')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('contacts.modal.name')}
                autoFocus
                fullWidth
                autoComplete="off"
                {...register('name')}
                error={!!errors.name}
                helperText={fieldError(t, errors.name)}
                slotProps={{ htmlInput: { 'data-testid': 'contact-name' } }}
              />
              <Controller
                name="number"
                control={control}
                render={({ field }) => (
                  <PhoneNumberField
                    label={t('contacts.modal.number')}
                    placeholder="+55 41 99860 8485"
                    fullWidth
                    autoComplete="off"
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    disabled={masked}
                    error={!!errors.number}
                    helperText={fieldError(t, errors.number)}
                    slotProps={{ htmlInput: { 'data-testid': 'contact-number' } }}
                  />
                )}
              />
            </Stack>
            <TextField
              label={t('contacts.modal.email')}
              placeholder={t('contacts.modal.emailPlaceholder')}
              fullWidth
              type="email"
              autoComplete="off"
              {...register('email')}
              error={!!errors.email}
              helperText={fieldError(t, errors.email)}
              slotProps={{ htmlInput: { 'data-testid': 'contact-email' } }}
            />
            <Typography variant="subtitle1">{t('contacts.modal.extraInfo')}</Typography>
            <ExtraInfoFields
              fields={extra.fields}
              register={register}
              errors={errors.extraInfo}
              onAdd={() => extra.append({ name: '', value: '' })}
              onRemove={extra.remove}
            />
            <Typography variant="subtitle1">{t('contacts.wallet.title')}</Typography>
            <WalletField value={shownWallet} onChange={setWallet} readOnly={!canEditWallet} disabled={isSubmitting} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="contact-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {contact ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
