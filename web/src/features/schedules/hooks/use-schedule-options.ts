import type { ContactPage, ConnectionView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';

interface UserOption {
  id: number;
  name: string;
}

/** GET /users/list: the ticket user choices. */
export const useUserOptions = () => useQuery({ queryKey: ['users', 'list'], queryFn: () => api.get<UserOption[]>('/users/list') });

/** GET /whatsapp: the connection choices. */
export const useConnectionOptions = () =>
  useQuery({ queryKey: ['schedules', 'connections'], queryFn: () => api.get<ConnectionView[]>('/whatsapp', { session: '0' }) });

/** The contact picker (spec 3 §7): GET /contacts {searchParam}, 500 ms after typing, from 3 characters. */
export function useContactOptions(typed: string) {
  const term = useDebounced(typed.trim());
  return useQuery({
    queryKey: ['schedules', 'contacts', term],
    queryFn: () => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled: term.length >= 3,
  });
}
