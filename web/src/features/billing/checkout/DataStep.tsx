import type { PlanView } from '@chatflow/contract';
import { Grid, MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import { formatBRL } from '../../../lib/format';
import type { CheckoutValues } from './checkout-form';

interface Props {
  control: Control<CheckoutValues>;
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  plans: readonly PlanView[];
}

/** Dados: the plan and the payer (full name and CPF/CNPJ required, spec 2 §5 Checkout). */
export function DataStep({ control, register, errors, plans }: Props) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Controller
          control={control}
          name="plan"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('billing.checkout.plan')}
              value={String(field.value)}
              onChange={(e) => field.onChange(e.target.value === 'custom' ? 'custom' : Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'checkout-plan' } }}
            >
              {plans.map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {t('billing.checkout.planOption', {
                    name: p.name,
                    users: p.users,
                    connections: p.connections,
                    price: formatBRL(p.amount),
                  })}
                </MenuItem>
              ))}
              <MenuItem value="custom">{t('billing.checkout.customPlan')}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          autoFocus
          label={t('billing.checkout.fullName')}
          {...register('firstName')}
          error={!!errors.firstName}
          helperText={fieldError(t, errors.firstName)}
          slotProps={{ htmlInput: { 'data-testid': 'checkout-name' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          label={t('billing.checkout.document')}
          {...register('document')}
          error={!!errors.document}
          helperText={fieldError(t, errors.document)}
          slotProps={{ htmlInput: { 'data-testid': 'checkout-document', inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          type="email"
          label={t('billing.checkout.email')}
          {...register('email')}
          error={!!errors.email}
          helperText={fieldError(t, errors.email)}
          slotProps={{ htmlInput: { 'data-testid': 'checkout-email' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t('billing.checkout.zipcode')}
          {...register('zipcode')}
          error={!!errors.zipcode}
          helperText={fieldError(t, errors.zipcode)}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          fullWidth
          label={t('billing.checkout.address')}
          {...register('address2')}
          error={!!errors.address2}
          helperText={fieldError(t, errors.address2)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField
          fullWidth
          label={t('billing.checkout.city')}
          {...register('city')}
          error={!!errors.city}
          helperText={fieldError(t, errors.city)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          fullWidth
          label={t('billing.checkout.state')}
          {...register('state')}
          error={!!errors.state}
          helperText={fieldError(t, errors.state)}
        />
      </Grid>
    </Grid>
  );
}
