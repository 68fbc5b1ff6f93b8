import { ForgotPasswordForm, ResetPasswordForm } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../components/PasswordField';
import { fieldError } from '../../components/form-errors';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { AuthLayout } from './AuthLayout';

type ResetForm = z.input<typeof ResetPasswordForm>;

/** /forgetpsw (spec 1 §4.4b, spec 3): e-mail first, then the mailed code and the new password twice. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const form = useForm<ResetForm>({
    resolver: zodResolver(step === 1 ? (ForgotPasswordForm as unknown as typeof ResetPasswordForm) : ResetPasswordForm),
    defaultValues: { email: '', token: '', newPassword: '', confirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (step === 1) {
        await api.post(`/forgetpassword/${encodeURIComponent(values.email)}`);
        notify(t('forgotPassword.toasts.sent'));
        setStep(2);
        return;
      }
      const path = [values.email, values.token, values.newPassword].map(encodeURIComponent).join('/');
      await api.post(`/resetpasswords/${path}`);
      notify(t('forgotPassword.toasts.reset'));
      navigate('/login');
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) notify(t('forgotPassword.toasts.notFound'), 'error', 2000);
      else toastError(err);
    }
  });

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <Typography variant="h5" sx={{ textAlign: 'center' }}>
            {t('forgotPassword.title')}
          </Typography>
          <TextField
            label={t('forgotPassword.form.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            disabled={step === 2}
            {...register('email')}
            error={!!errors.email}
            helperText={fieldError(t, errors.email)}
          />
          {step === 2 && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('forgotPassword.codeHint')}
              </Typography>
              <TextField
                label={t('forgotPassword.form.code')}
                autoComplete="one-time-code"
                fullWidth
                {...register('token')}
                error={!!errors.token}
                helperText={fieldError(t, errors.token)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <PasswordField
                label={t('forgotPassword.form.newPassword')}
                autoComplete="new-password"
                fullWidth
                {...register('newPassword')}
                error={!!errors.newPassword}
                helperText={fieldError(t, errors.newPassword)}
              />
              <PasswordField
                label={t('forgotPassword.form.confirmPassword')}
                autoComplete="new-password"
                fullWidth
                {...register('confirmPassword')}
                error={!!errors.confirmPassword}
                helperText={fieldError(t, errors.confirmPassword)}
              />
            </>
          )}
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {step === 1 ? t('forgotPassword.buttons.send') : t('forgotPassword.buttons.reset')}
          </Button>
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to="/login">
              {t('forgotPassword.buttons.login')}
            </Link>
            <Link component={RouterLink} to="/signup">
              {t('forgotPassword.buttons.signup')}
            </Link>
          </Stack>
        </Stack>
      </form>
    </AuthLayout>
  );
}
