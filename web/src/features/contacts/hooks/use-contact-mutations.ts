import type { ContactView } from '@chatflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ContactPayload } from '../contact-form';
import { contactsCache } from './use-contacts';

/** POST /contacts or PUT /contacts/:id; the answer goes into the cached lists at once. */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: ContactPayload }) =>
      id === null ? api.post<ContactView>('/contacts', payload) : api.put<ContactView>(`/contacts/${id}`, payload),
    onSuccess: (contact) => contactsCache.upsert(qc, contact),
  });
}

/** PUT /contacts/block/:id {active}: active false blocks, true unblocks (spec 2 §4). */
export function useBlockContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.put<ContactView>(`/contacts/block/${id}`, { active }),
    onSuccess: (contact) => contactsCache.upsert(qc, contact),
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contacts/${id}`),
    onSuccess: (_, id) => contactsCache.remove(qc, id),
  });
}
