import { PLAN_SWITCHES, PlanInput, type PlanView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, FormControlLabel, Grid, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../components/save-error';
import { type PlanBody, useSavePlan } from './hooks';

type Form = z.input<typeof PlanInput>;

const EMPTY: Form = {
  name: '',
  users: 1,
  connections: 1,
  queues: 1,
  amount: '',
  isPublic: true,
  trialDays: 7,
  ...Object.fromEntries(PLAN_SWITCHES.map((s) => [s, true])),
};

/** The form shows amounts the Brazilian way ("49,90"); the contract accepts either separator. */
const toForm = (plan: PlanView): Form => ({ ...plan, amount: plan.amount.replace('.', ',') });

/**
 * Plan form (spec 2 §2 "Companies and plans"): counters, price, visibility, trial and the ten switches.
 * The parent remounts it (key) per record and after a save, as MUI's uncontrolled inputs ignore reset().
 */
export function PlanForm({ editing, onDone }: { editing: PlanView | null; onDone(): void }) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, PlanBody>({
    resolver: zodResolver(PlanInput),
    defaultValues: editing ? toForm(editing) : EMPTY,
  });

  // Keyboard users land in the form they just opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only; the parent remounts per record
  useEffect(() => {
    if (editing) setFocus('name');
  }, []);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id, body });
      notify(t('plans.toasts.saved'));
      onDone();
    } catch (err) {
      reportSaveError(err, setError, 'plans.toasts.saveError');
    }
  });

  const number = (name: 'users' | 'connections' | 'queues' | 'trialDays') => (
    <TextField
      label={t(`plans.form.${name}`)}
      type="number"
      fullWidth
      size="small"
      {...register(name)}
      slotProps={{ htmlInput: { min: 0 } }}
      error={!!errors[name]}
      helperText={fieldError(t, errors[name])}
    />
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t(editing ? 'plans.editTitle' : 'plans.formTitle')}>
      <Typography variant="subtitle1" sx={{ mb: 2, fontWeight: 600 }}>
        {t(editing ? 'plans.editTitle' : 'plans.formTitle')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label={t('plans.form.name')}
            fullWidth
            size="small"
            {...register('name')}
            error={!!errors.name}
            helperText={fieldError(t, errors.name)}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>{number('users')}</Grid>
        <Grid size={{ xs: 6, md: 2 }}>{number('connections')}</Grid>
        <Grid size={{ xs: 6, md: 2 }}>{number('queues')}</Grid>
        <Grid size={{ xs: 6, md: 2 }}>{number('trialDays')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label={t('plans.form.amount')}
            fullWidth
            size="small"
            {...register('amount')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={!!errors.amount}
            helperText={fieldError(t, errors.amount) ?? t('plans.form.amountHelp')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            name="isPublic"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={t('plans.form.isPublic')}
                control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
        </Grid>
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
        {t('plans.form.features')}
      </Typography>
      <Grid container spacing={0}>
        {PLAN_SWITCHES.map((name) => (
          <Grid key={name} size={{ xs: 6, sm: 4, md: 2.4 }}>
            <Controller
              name={name}
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label={t(`plans.switches.${name}`)}
                  control={<Switch size="small" checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                />
              )}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          {t(editing ? 'plans.buttons.cancelEdit' : 'plans.buttons.clear')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('plans.buttons.save')}
        </Button>
      </Stack>
    </Box>
  );
}
