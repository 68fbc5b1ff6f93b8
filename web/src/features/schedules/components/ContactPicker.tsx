import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactOptions } from '../hooks/use-schedule-options';

export interface ContactChoice {
  id: number;
  name: string;
}

interface Props {
  value: ContactChoice | null;
  onChange(contact: ContactChoice | null): void;
  disabled: boolean;
  error?: string;
}

/** The schedule's contact: searched by name or number from 3 characters (spec 3 §7 contact picker). */
export function ContactPicker({ value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useContactOptions(typed);
  const options: ContactChoice[] = (search.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name || c.number }));
  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      loading={search.isFetching}
      disabled={disabled}
      onChange={(_e, next) => onChange(next)}
      onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
      noOptionsText={typed.trim().length < 3 ? t('schedules.modal.contactSearch') : t('schedules.modal.noContacts')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('schedules.modal.contact')}
          error={!!error}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'schedule-contact' } }}
        />
      )}
    />
  );
}
