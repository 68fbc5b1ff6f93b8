import type { ContactListItemPage, ContactListItemView, ContactListPage, ContactListView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const contactListKeys = {
  all: ['contact-lists'] as const,
  lists: () => [...contactListKeys.all, 'list'] as const,
  list: (searchParam: string) => [...contactListKeys.lists(), searchParam] as const,
  one: (id: number) => [...contactListKeys.all, 'one', id] as const,
  options: () => [...contactListKeys.all, 'options'] as const,
  items: (listId: number) => [...contactListKeys.all, 'items', listId] as const,
  itemList: (listId: number, searchParam: string) => [...contactListKeys.items(listId), searchParam] as const,
};

/** GET /contact-lists {searchParam, pageNumber} → records, hasMore. */
export function useContactLists(searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<ContactListPage>('/contact-lists', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContactList(id: number) {
  return useQuery({ queryKey: contactListKeys.one(id), queryFn: () => api.get<ContactListView>(`/contact-lists/${id}`) });
}

/** GET /contact-lists/list: every list, for the campaign modal. */
export function useContactListOptions() {
  return useQuery({ queryKey: contactListKeys.options(), queryFn: () => api.get<ContactListView[]>('/contact-lists/list') });
}

export const contactListsCache = pagedCache<ContactListView, 'records', string>({
  field: 'records',
  listsKey: contactListKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (l, term) => !term || l.name.toLowerCase().includes(term.toLowerCase()),
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});

export function useSaveContactList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null ? api.post<ContactListView>('/contact-lists', { name }) : api.put<ContactListView>(`/contact-lists/${id}`, { name }),
    onSuccess: (saved) => contactListsCache.upsert(qc, saved),
  });
}

export function useDeleteContactList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contact-lists/${id}`),
    onSuccess: (_, id) => contactListsCache.remove(qc, id),
  });
}

/** company-{id}-ContactList edits the cached pages in place. */
export function useContactListsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('ContactList', (e) => {
    if (e.action === 'delete') return contactListsCache.remove(qc, e.id);
    contactListsCache.upsert(qc, e.record);
    qc.setQueryData(contactListKeys.one(e.record.id), e.record);
  });
}

/** GET /contact-list-items {searchParam, pageNumber, contactListId} → contacts, hasMore. */
export function useContactListItems(contactListId: number, searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.itemList(contactListId, searchParam),
    queryFn: ({ pageParam }) => api.get<ContactListItemPage>('/contact-list-items', { searchParam, pageNumber: pageParam, contactListId }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

const itemsCache = (listId: number) =>
  pagedCache<ContactListItemView, 'contacts', string>({
    field: 'contacts',
    listsKey: contactListKeys.items(listId),
    filtersOf: (key) => String(key[3] ?? ''),
    matches: (c, term) => !term || [c.name, c.number, c.email].some((v) => v.toLowerCase().includes(term.toLowerCase())),
    compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  });

export interface ItemValues {
  name: string;
  number: string;
  email: string;
}

export function useSaveItem(listId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: ItemValues }) =>
      id === null
        ? api.post<ContactListItemView>('/contact-list-items', { ...values, contactListId: listId })
        : api.put<ContactListItemView>(`/contact-list-items/${id}`, values),
    onSuccess: (saved) => itemsCache(listId).upsert(qc, saved),
  });
}

export function useDeleteItem(listId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contact-list-items/${id}`),
    onSuccess: (_, id) => itemsCache(listId).remove(qc, id),
  });
}

/** company-{id}-ContactListItem: upserts, deletes, and a reload after an import or a WhatsApp check. */
export function useContactListItemsRealtime(listId: number) {
  const qc = useQueryClient();
  useCompanyEvent('ContactListItem', (e) => {
    if (e.action === 'reload') {
      if (e.contactListId === listId) void qc.invalidateQueries({ queryKey: contactListKeys.items(listId) });
      return;
    }
    if (e.action === 'delete') return e.contactListId === listId ? itemsCache(listId).remove(qc, e.id) : undefined;
    if (e.record.contactListId === listId) itemsCache(listId).upsert(qc, e.record);
  });
}
