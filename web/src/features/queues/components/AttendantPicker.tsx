import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANT_SEARCH_MIN, useAttendantName, useAttendantSearch } from '../hooks/use-attendant-search';

interface Choice {
  id: number;
  name: string;
  email?: string;
}

interface Props {
  /** The chosen user's id, '' for none. */
  value: number | '';
  onChange(id: number | ''): void;
  onBlur?(): void;
  error?: string;
}

/**
 * An attendant option's target: searched by name or e-mail on the server from 3 typed characters,
 * instead of a list of every user of the company.
 */
export function AttendantPicker({ value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const chosenId = value === '' ? null : Number(value);
  const chosen = useAttendantName(chosenId);
  const search = useAttendantSearch(typed);
  const options: Choice[] = (search.data?.users ?? []).map((u) => ({ id: u.id, name: u.name, email: u.email }));
  const current: Choice | null =
    chosenId === null ? null : (options.find((o) => o.id === chosenId) ?? { id: chosenId, name: chosen.data?.name ?? `#${chosenId}` });
  const short = typed.trim().length < ATTENDANT_SEARCH_MIN;
  return (
    <Autocomplete
      size="small"
      value={current}
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      loading={search.isFetching}
      loadingText={t('common.loading')}
      onChange={(_e, next) => onChange(next ? next.id : '')}
      onBlur={onBlur}
      onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
      noOptionsText={short ? t('queues.chatbot.attendantSearch') : t('queues.chatbot.noAttendants')}
      renderOption={({ key: _key, ...props }, o) => (
        <li {...props} key={o.id}>
          {o.email ? `${o.name} · ${o.email}` : o.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('queues.chatbot.targets.attendent')}
          placeholder={t('queues.chatbot.attendantPlaceholder')}
          error={!!error}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'chatbot-option-attendant' } }}
        />
      )}
    />
  );
}
