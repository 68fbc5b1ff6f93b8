import type { UserPage, UserView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_PICKER_MIN } from '../../../components/SearchPicker';
import { api } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';

/** The attendant picker's search: GET /users {searchParam} (the server searches), from 3 characters, debounced. */
export function useAttendantSearch(typed: string) {
  const term = useDebounced(typed.trim());
  return useQuery({
    queryKey: ['queues', 'attendants', term],
    queryFn: () => api.get<UserPage>('/users', { searchParam: term, pageNumber: 1 }),
    enabled: term.length >= SEARCH_PICKER_MIN,
  });
}

/** The chosen attendant's name (GET /users/{id}): an option saved earlier knows only the id. */
export function useAttendantName(id: number | null) {
  return useQuery({
    queryKey: ['queues', 'attendant', id ?? 0],
    queryFn: () => api.get<UserView>(`/users/${id}`),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
