import { COMPANY_DEFAULTS, CompanyInput, type CompanyView, RECURRENCES } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordField } from '../../components/PasswordField';
import { fieldError } from '../../components/form-errors';
import { formatBRL } from '../../lib/format';
import { notify } from '../../lib/notify';
import { usePlans } from '../plans';
import { type CompanyCreateBody, useSaveCompany } from './hooks';
import { reportSaveError } from '../../components/save-error';

type Form = z.input<typeof CompanyInput>;

const EMPTY: Form = {
  name: '',
  email: '',
  phone: '',
  document: '',
  addressStreet: '',
  addressCity: '',
  addressState: '',
  paymentMethod: '',
  planId: '',
  dueDate: '',
  password: '',
  ...COMPANY_DEFAULTS,
};

const toForm = (c: CompanyView): Form => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  document: c.document,
  // Sent back whole: the form's schema defaults a missing field to '', which would erase the stored one.
  addressStreet: c.addressStreet,
  addressCity: c.addressCity,
  addressState: c.addressState,
  paymentMethod: c.paymentMethod,
  planId: c.planId,
  status: c.status,
  dueDate: c.dueDate,
  recurrence: c.recurrence,
  numberAttendants: c.numberAttendants,
  numberConections: c.numberConections,
  password: '',
});

/**
 * Company form (spec 2 §5 Company). The parent remounts it (key) for each record and after a save:
 * MUI's uncontrolled inputs would not notice a reset() and leave labels over the values.
 * Rules: the contract's schema gives 'Nome é obrigatório', 'Email é
 * inválido' and 'E-mail é obrigatório'. The first-user password only exists when creating.
 */
export function CompanyForm({ editing, onDone }: { editing: CompanyView | null; onDone(): void }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const save = useSaveCompany();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, CompanyCreateBody>({ resolver: zodResolver(CompanyInput), defaultValues: editing ? toForm(editing) : EMPTY });

  // Keyboard users land in the form they just opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only; the parent remounts per record
  useEffect(() => {
    if (editing) setFocus('name');
  }, []);

  const onSubmit = handleSubmit(async ({ password, ...fields }) => {
    try {
      // An emptied due date on edit leaves the stored one alone.
      if (editing) await save.mutateAsync({ id: editing.id, body: { ...fields, dueDate: fields.dueDate || undefined } });
      else await save.mutateAsync({ body: { ...fields, dueDate: fields.dueDate || null, password } });
      notify(t('companies.toasts.saved'));
      onDone();
    } catch (err) {
      reportSaveError(err, setError, 'companies.toasts.saveError');
    }
  });

  const text = (
    name: 'name' | 'email' | 'phone' | 'document' | 'addressStreet' | 'addressCity' | 'addressState' | 'paymentMethod',
    type = 'text',
  ) => (
    <TextField
      label={t(`companies.form.${name}`)}
      type={type}
      fullWidth
      size="small"
      {...register(name)}
      error={!!errors[name]}
      helperText={fieldError(t, errors[name])}
    />
  );
  const title = t(editing ? 'companies.editTitle' : 'companies.formTitle');

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <Typography variant="subtitle1" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>{text('name')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('email', 'email')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>{text('phone', 'tel')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>{text('document')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('addressStreet')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('addressCity')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>{text('addressState')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('paymentMethod')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Controller
            name="planId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('companies.form.plan')}
                fullWidth
                size="small"
                name={field.name}
                inputRef={field.ref}
                value={plans.data?.some((p) => p.id === Number(field.value)) ? Number(field.value) : ''}
                onChange={(e) => {
                  field.onChange(Number(e.target.value));
                  // A new company starts from what the plan sells; an edited one keeps its counters.
                  const plan = plans.data?.find((p) => p.id === Number(e.target.value));
                  if (plan && !editing) {
                    setValue('numberAttendants', plan.users);
                    setValue('numberConections', plan.connections);
                  }
                }}
                onBlur={field.onBlur}
                error={!!errors.planId}
                helperText={fieldError(t, errors.planId)}
              >
                {(plans.data ?? []).map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name} · {formatBRL(p.amount)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <Controller
            name="status"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('companies.form.status')}
                fullWidth
                size="small"
                name={field.name}
                inputRef={field.ref}
                value={field.value ? 'true' : 'false'}
                onChange={(e) => field.onChange(e.target.value === 'true')}
                onBlur={field.onBlur}
              >
                <MenuItem value="true">{t('companies.form.active')}</MenuItem>
                <MenuItem value="false">{t('companies.form.inactive')}</MenuItem>
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <TextField
            label={t('companies.form.dueDate')}
            type="date"
            fullWidth
            size="small"
            {...register('dueDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!errors.dueDate}
            helperText={fieldError(t, errors.dueDate) ?? (editing ? undefined : t('companies.form.dueDateHelp'))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <Controller
            name="recurrence"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('companies.form.recurrence')}
                fullWidth
                size="small"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? 'MENSAL'}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={!!errors.recurrence}
                helperText={fieldError(t, errors.recurrence)}
              >
                {RECURRENCES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`companies.recurrences.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 1.5 }}>
          <TextField
            label={t('companies.form.numberAttendants')}
            type="number"
            fullWidth
            size="small"
            {...register('numberAttendants')}
            // Filled in by the plan choice, which MUI's uncontrolled label would not notice.
            slotProps={{ htmlInput: { min: 0 }, inputLabel: { shrink: true } }}
            error={!!errors.numberAttendants}
            helperText={fieldError(t, errors.numberAttendants)}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 1.5 }}>
          <TextField
            label={t('companies.form.numberConections')}
            type="number"
            fullWidth
            size="small"
            {...register('numberConections')}
            // Filled in by the plan choice, which MUI's uncontrolled label would not notice.
            slotProps={{ htmlInput: { min: 0 }, inputLabel: { shrink: true } }}
            error={!!errors.numberConections}
            helperText={fieldError(t, errors.numberConections)}
          />
        </Grid>
        {!editing && (
          <Grid size={{ xs: 12, md: 4 }}>
            <PasswordField
              label={t('companies.form.password')}
              fullWidth
              size="small"
              autoComplete="new-password"
              {...register('password')}
              error={!!errors.password}
              helperText={fieldError(t, errors.password) ?? t('companies.form.passwordHelp')}
            />
          </Grid>
        )}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          {t(editing ? 'companies.buttons.cancelEdit' : 'companies.buttons.clear')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('companies.buttons.save')}
        </Button>
      </Stack>
    </Box>
  );
}
