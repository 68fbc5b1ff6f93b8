import type { ConnectionView, TagView, UserListItem } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Small pick lists (connections, tags, users) that filters and modals of several features choose from; fetched once per visit. */
export const lookupKeys = {
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

/** Every tag of the company under the tags feature's own prefix, so the tags page's saves and events edit it. */
export const tagOptionsKey = ['tags', 'options'] as const;

/** GET /tags/list for the contacts' tag filter and other pickers that follow tag edits at once (no stale time). */
export function useTagOptions() {
  return useQuery({ queryKey: tagOptionsKey, queryFn: () => api.get<TagView[]>('/tags/list') });
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
