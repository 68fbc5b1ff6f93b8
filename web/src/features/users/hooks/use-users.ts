import type { UserPage, UserView } from '@chatflow/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (searchParam: string) => [...userKeys.lists(), searchParam] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** GET /users, page by page (spec 2 "Users": infinite scroll). */
export function useUsers(searchParam: string) {
  return useInfiniteQuery({
    queryKey: userKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<UserPage>('/users', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET /users/:id, fresh each time a modal opens (the list row may be older than the record). */
export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: () => api.get<UserView>(`/users/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}
