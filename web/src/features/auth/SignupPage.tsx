import { type PlanView, SignupInput } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../app/providers/AuthProvider';
import { PasswordField } from '../../components/PasswordField';
import { fieldError } from '../../components/form-errors';
import { ApiError, api } from '../../lib/api';
import { formatBRL } from '../../lib/format';
import { notify } from '../../lib/notify';
import { AuthLayout } from './AuthLayout';
import { signupFailureText } from './signup-failure';

type Form = z.input<typeof SignupInput>;

/** /signup (spec 1 §2.3): a company and its admin on a public plan; then straight into the app. */
export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { login } = useAuth();
  const [params] = useSearchParams();
  const referrer = Number(params.get('companyId')) || null;
  const { data: plans = [] } = useQuery({
    queryKey: ['plans', 'public'],
    queryFn: () => api.get<PlanView[]>('/plans/list', { listPublic: 'true' }),
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: zodResolver(SignupInput),
    defaultValues: { companyName: '', name: '', email: '', password: '', phone: '', planId: '' as unknown as number, companyId: referrer },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The screen's language: a company signed up in Spanish reports in the Spanish time zone.
      await api.post('/auth/signup', { ...values, companyId: referrer, language: i18n.language });
      notify(t('signup.toasts.success'));
      await login({ email: values.email, password: values.password, remember: true });
      navigate('/tickets');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_VALIDATION') {
        for (const f of err.fields ?? []) setError(f.field as keyof Form, { message: f.key });
      }
      notify(signupFailureText(err), 'error', 2000);
    }
  });

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <Typography variant="h5" sx={{ textAlign: 'center' }}>
            {t('signup.title')}
          </Typography>
          <TextField
            label={t('signup.form.companyName')}
            autoFocus
            fullWidth
            {...register('companyName')}
            error={!!errors.companyName}
            helperText={fieldError(t, errors.companyName)}
          />
          <TextField
            label={t('signup.form.name')}
            autoComplete="name"
            fullWidth
            {...register('name')}
            error={!!errors.name}
            helperText={fieldError(t, errors.name)}
          />
          <TextField
            label={t('signup.form.email')}
            type="email"
            autoComplete="email"
            fullWidth
            {...register('email')}
            error={!!errors.email}
            helperText={fieldError(t, errors.email)}
          />
          <PasswordField
            label={t('signup.form.password')}
            autoComplete="new-password"
            fullWidth
            {...register('password')}
            error={!!errors.password}
            helperText={fieldError(t, errors.password)}
          />
          <TextField
            label={t('signup.form.phone')}
            type="tel"
            autoComplete="tel"
            placeholder="5511999999999"
            fullWidth
            {...register('phone')}
            error={!!errors.phone}
            helperText={fieldError(t, errors.phone)}
          />
          <Controller
            name="planId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('signup.form.plan')}
                fullWidth
                value={field.value ?? ''}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={!!errors.planId}
                helperText={fieldError(t, errors.planId)}
                slotProps={{ select: { MenuProps: { disablePortal: false } } }}
                data-testid="plan-select"
              >
                {plans.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {t('signup.plan', {
                      name: p.name,
                      users: p.users,
                      connections: p.connections,
                      queues: p.queues,
                      amount: formatBRL(p.amount),
                    })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {t('signup.buttons.submit')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
            {t('signup.buttons.login')}
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
