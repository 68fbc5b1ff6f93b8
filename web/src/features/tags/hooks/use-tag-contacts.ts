import type { ContactRef } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactsCache } from '../../contacts';
import { tagKeys, tagsCache } from './use-tags';

const contactsKey = (tagId: number) => [...tagKeys.detail(tagId), 'contacts'] as const;

/** GET /tags/:id/contacts: id, name and number of the contacts carrying the tag (the tag contacts modal). */
export function useTagContacts(tagId: number) {
  return useQuery({
    queryKey: contactsKey(tagId),
    queryFn: () => api.get<ContactRef[]>(`/tags/${tagId}/contacts`),
    staleTime: 0,
  });
}

/**
 * DELETE /tags-contacts/:tagId/:contactId: the contact leaves the modal's list, the tag's count drops
 * and the chip leaves the contact's cached row.
 */
export function useRemoveTagContact(tagId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => api.delete(`/tags-contacts/${tagId}/${contactId}`),
    onSuccess: (_, contactId) => {
      qc.setQueryData<ContactRef[]>(contactsKey(tagId), (list) => list?.filter((c) => c.id !== contactId));
      tagsCache.patch(qc, (tag) => (tag.id === tagId ? { ...tag, contactsCount: Math.max(0, tag.contactsCount - 1) } : tag));
      contactsCache.patch(qc, (c) => (c.id === contactId ? { ...c, tags: c.tags.filter((x) => x.id !== tagId) } : c));
    },
  });
}
