import { FormControlLabel, MenuItem, Switch, TextField, type TextFieldProps } from '@mui/material';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import type { ConnectionFormValues } from './connection-form';

export type ConnectionForm = UseFormReturn<ConnectionFormValues>;
type Name = FieldPath<ConnectionFormValues>;

const errorOf = (form: ConnectionForm, name: Name) =>
  name.split('.').reduce<unknown>((e, k) => (e as Record<string, unknown>)?.[k], form.formState.errors) as { message?: string } | undefined;

/** A text, number or date field bound to the form, with the contract's message under it. */
export function FormText({
  form,
  name,
  label,
  helperText,
  ...rest
}: { form: ConnectionForm; name: Name; label: string } & Omit<TextFieldProps, 'name'>) {
  const { t } = useTranslation();
  const error = errorOf(form, name);
  return (
    <TextField
      label={label}
      fullWidth
      {...form.register(name)}
      error={!!error}
      helperText={fieldError(t, error) ?? helperText}
      slotProps={{ inputLabel: { shrink: rest.type === 'date' ? true : undefined }, htmlInput: { 'data-testid': `connection-${name}` } }}
      {...rest}
    />
  );
}

export function FormSwitch({ form, name, label }: { form: ConnectionForm; name: Name; label: string }) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
        />
      )}
    />
  );
}

/** A select of the company's queues; '' is "none" (sent as null). */
export function QueueSelect({
  form,
  name,
  label,
  queues,
}: {
  form: ConnectionForm;
  name: Name;
  label: string;
  queues: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const error = errorOf(form, name);
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          error={!!error}
          helperText={fieldError(t, error)}
          slotProps={{ htmlInput: { 'data-testid': `connection-${name}` } }}
        >
          <MenuItem value="">{t('connections.dialog.none')}</MenuItem>
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
