import { CompanyUserInput, type CompanyView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordField } from '../../components/PasswordField';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { useCreateCompanyUser } from './hooks';

type Form = z.input<typeof CompanyUserInput>;
const EMPTY: Form = { name: '', email: '', password: '' };

/** The company-user dialog (spec 2 §5 Company): name 2-50, valid e-mail, password 5-50, all required. */
export function CompanyUserDialog({ open, company, onClose }: { open: boolean; company: CompanyView | null; onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateCompanyUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, z.output<typeof CompanyUserInput>>({ resolver: zodResolver(CompanyUserInput), defaultValues: EMPTY });

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (body) => {
    if (!company) return;
    try {
      await create.mutateAsync({ companyId: company.id, body });
      notify(t('companies.userDialog.created'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError); // ERR_EMAIL_ALREADY_EXISTS is translated by the shared toast
    }
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="company-user-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="company-user-title">{t('companies.userDialog.title', { company: company?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('companies.userDialog.name')}
              autoFocus
              fullWidth
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
            />
            <TextField
              label={t('companies.userDialog.email')}
              type="email"
              autoComplete="off"
              fullWidth
              {...register('email')}
              error={!!errors.email}
              helperText={fieldError(t, errors.email)}
            />
            <PasswordField
              label={t('companies.userDialog.password')}
              autoComplete="new-password"
              fullWidth
              {...register('password')}
              error={!!errors.password}
              helperText={fieldError(t, errors.password)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
