import type { ConnectionView, TagView, UserListItem } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Small pick lists the manager's filters and modals choose from; fetched once per visit. */
const lookupKeys = {
  whatsapps: ['tickets', 'lookups', 'whatsapps'] as const,
  tags: ['tickets', 'lookups', 'tags'] as const,
  users: ['tickets', 'lookups', 'users'] as const,
};

const LOOKUP_STALE_MS = 60_000;

/** GET /whatsapp/?session=0: the company's connections. */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.whatsapps,
    queryFn: () => api.get<ConnectionView[]>('/whatsapp/', { session: 0 }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /tags/list: every tag of the company (the filter lists kanban stages too). */
export function useTagList(enabled = true) {
  return useQuery({ queryKey: lookupKeys.tags, queryFn: () => api.get<TagView[]>('/tags/list'), enabled, staleTime: LOOKUP_STALE_MS });
}

/** GET /users/list: the company's users for the admin's user filter. */
export function useUserList(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.users,
    queryFn: () => api.get<UserListItem[]>('/users/list'),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}
