import type { ContactPage } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api';
import { useDebounced } from '../lib/use-debounced';
import { type PickerChoice, SEARCH_PICKER_MIN, SearchPicker } from './SearchPicker';

/** A contact as the picker holds it; `detail` is its number. */
export type ContactChoice = PickerChoice;

interface Props {
  value: ContactChoice | null;
  onChange(contact: ContactChoice | null): void;
  label: string;
  searchHint: string;
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
export function ContactPicker(props: Props) {
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed.trim());
  const search = useQuery({
    queryKey: ['contacts', 'picker', term],
    queryFn: () => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled: term.length >= SEARCH_PICKER_MIN,
  });
  const options: ContactChoice[] = (search.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name || c.number, detail: c.number }));
  return <SearchPicker {...props} options={options} loading={search.isFetching} typed={typed} onType={setTyped} />;
}
