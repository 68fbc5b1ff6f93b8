import { LoginInput } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormControlLabel, Link, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isAdmin, isSubscriptionValid } from '@chatflow/contract';
import type { z } from 'zod';
import { useAuth } from '../../app/providers/AuthProvider';
import { PasswordField } from '../../components/PasswordField';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { AuthLayout } from './AuthLayout';
import { SupportButton } from './SupportButton';

type Form = z.input<typeof LoginInput>;

/** /login (spec 1 §2.2). An expired company is still let in, but lands on /financeiro. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '', remember: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login({ email: values.email, password: values.password, remember: values.remember ?? true });
      if (isSubscriptionValid(user.company.id, user.company.dueDate)) {
        notify(t('auth.loginSuccess'));
        navigate('/tickets');
      } else {
        // Only an admin may pay (Financeiro); an agent keeps the basics, which work while expired.
        notify(t('subscription.expired'), 'error', 6000);
        navigate(isAdmin(user) ? '/financeiro' : '/tickets');
      }
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <Typography variant="h5" sx={{ textAlign: 'center' }}>
            {t('login.title')}
          </Typography>
          <TextField
            label={t('login.form.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            {...register('email')}
            error={!!errors.email}
            helperText={fieldError(t, errors.email)}
          />
          <PasswordField
            label={t('login.form.password')}
            autoComplete="current-password"
            fullWidth
            {...register('password')}
            error={!!errors.password}
            helperText={fieldError(t, errors.password)}
          />
          <Controller
            name="remember"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('login.form.remember')}
              />
            )}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {t('login.buttons.submit')}
          </Button>
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to="/forgetpsw">
              {t('login.buttons.forgot')}
            </Link>
            <Link component={RouterLink} to="/signup">
              {t('login.buttons.register')}
            </Link>
          </Stack>
        </Stack>
      </form>
      <SupportButton />
    </AuthLayout>
  );
}
