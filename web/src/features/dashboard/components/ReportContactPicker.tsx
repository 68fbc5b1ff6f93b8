import type { ContactPage } from '@chatflow/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';

export interface ReportContact {
  id: number;
  name: string;
  number?: string;
}

const SEARCH_MIN = 3;

/** The report's contact filter (spec 2 §7 contactId): searched by name or number as the user types, from 3 characters. */
export function ReportContactPicker({ value, onChange }: { value: ReportContact | null; onChange(contact: ReportContact | null): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed.trim());
  const search = useQuery({
    queryKey: ['dashboard', 'report', 'contacts', term],
    queryFn: () => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled: term.length >= SEARCH_MIN,
  });
  const options: ReportContact[] = (search.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name || c.number, number: c.number }));
  return (
    <Autocomplete
      size="small"
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      loading={search.isFetching}
      loadingText={t('common.loading')}
      onChange={(_e, next) => onChange(next)}
      onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
      noOptionsText={typed.trim().length < SEARCH_MIN ? t('dashboard.reports.contactSearch') : t('dashboard.reports.noContacts')}
      renderOption={({ key: _key, ...props }, o) => (
        <li {...props} key={o.id}>
          {o.number && o.number !== o.name ? `${o.name} · ${o.number}` : o.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('dashboard.reports.contact')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'report-contact' } }}
        />
      )}
    />
  );
}
