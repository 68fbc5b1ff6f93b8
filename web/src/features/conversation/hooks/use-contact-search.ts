import type { ContactView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSearchTerm } from '../../../lib/use-search-term';

/** Contact lookups for the forward and send-contact pickers: 3+ characters, 500 ms after typing. */
export function useContactSearch(typed: string) {
  const term = useSearchTerm(typed);
  const query = useQuery({
    queryKey: ['conversation', 'contact-search', term],
    queryFn: async () => {
      const res = await api.get<{ contacts: ContactView[] } | ContactView[]>('/contacts', { searchParam: term, pageNumber: 1 });
      return Array.isArray(res) ? res : res.contacts;
    },
    enabled: term.length > 0,
  });
  return { contacts: query.data ?? [], loading: query.isFetching, term };
}
