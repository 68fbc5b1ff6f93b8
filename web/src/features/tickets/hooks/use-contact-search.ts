import type { ContactView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';

/** Contact lookups start at 3 characters and wait 500 ms after typing (spec 1 §5, §9). */
export const CONTACT_SEARCH_MIN = 3;

/** GET /contacts?searchParam=: the first page of matches for the new-ticket modal. */
export function useContactSearch(typed: string) {
  const term = useDebounced(typed);
  const enabled = term.length >= CONTACT_SEARCH_MIN;
  const query = useQuery({
    queryKey: ['tickets', 'contact-search', term],
    queryFn: () => api.get<{ contacts: ContactView[] }>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled,
    staleTime: 10_000,
  });
  return { contacts: enabled ? (query.data?.contacts ?? []) : [], loading: enabled && query.isFetching, settled: term === typed.trim() };
}
