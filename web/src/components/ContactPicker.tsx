import type { ContactPage } from '@chatflow/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { useDebounced } from '../lib/use-debounced';

export interface ContactChoice {
  id: number;
  name: string;
  number?: string;
}

/** Typed characters before the contact search asks the server. */
const SEARCH_MIN = 3;

interface Props {
  value: ContactChoice | null;
  onChange(contact: ContactChoice | null): void;
  label: string;
  /** Shown until 3 characters are typed. */
  searchHint: string;
  /** Shown when the search found nothing. */
  noneText: string;
  testId: string;
  disabled?: boolean;
  error?: string;
  size?: 'small' | 'medium';
}

/**
 * One contact chosen by name or number: GET /contacts {searchParam} 500 ms after typing, from 3
 * characters (spec 3 §7, spec 2 §7). The schedule's contact and the report's contact filter.
 */
export function ContactPicker({ value, onChange, label, searchHint, noneText, testId, disabled, error, size }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed.trim());
  const search = useQuery({
    queryKey: ['contacts', 'picker', term],
    queryFn: () => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled: term.length >= SEARCH_MIN,
  });
  const options: ContactChoice[] = (search.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name || c.number, number: c.number }));
  return (
    <Autocomplete
      size={size}
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      loading={search.isFetching}
      loadingText={t('common.loading')}
      disabled={disabled}
      onChange={(_e, next) => onChange(next)}
      onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
      noOptionsText={typed.trim().length < SEARCH_MIN ? searchHint : noneText}
      renderOption={({ key: _key, ...props }, o) => (
        <li {...props} key={o.id}>
          {o.number && o.number !== o.name ? `${o.name} · ${o.number}` : o.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
