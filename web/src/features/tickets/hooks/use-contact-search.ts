import type { ContactView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';

/** Contact lookups start at 3 characters and wait 500 ms after typing (spec 1 §5, §9). */
export const CONTACT_SEARCH_MIN = 3;
const DEBOUNCE_MS = 500;

/** GET /contacts?searchParam=: the first page of matches for the new-ticket modal. */
export function useContactSearch(typed: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const enabled = term.length >= CONTACT_SEARCH_MIN;
  const query = useQuery({
    queryKey: ['tickets', 'contact-search', term],
    queryFn: () => api.get<{ contacts: ContactView[] }>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled,
    staleTime: 10_000,
  });
  return { contacts: enabled ? (query.data?.contacts ?? []) : [], loading: enabled && query.isFetching, settled: term === typed.trim() };
}
