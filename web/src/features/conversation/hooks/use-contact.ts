import type { ContactView, TicketView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { conversationKeys } from '../keys';
import { patchTicket } from './use-ticket';

/** GET /contacts/:id for the drawer (extra info, e-mail, flags); contact events keep it current. */
export function useContact(id: number, enabled: boolean) {
  const qc = useQueryClient();
  useCompanyEvent('contact', (e) => {
    if (e.action !== 'delete' && e.contact.id === id) qc.setQueryData(conversationKeys.contact(id), e.contact);
  });
  return useQuery({ queryKey: conversationKeys.contact(id), queryFn: () => api.get<ContactView>(`/contacts/${id}`), enabled });
}

/** After a contact change: the drawer's copy and the header's copy of the contact. */
export function useApplyContact(ticket: TicketView) {
  const qc = useQueryClient();
  return (contact: Partial<ContactView> & { id: number }) => {
    qc.setQueryData<ContactView>(conversationKeys.contact(contact.id), (c) => (c ? { ...c, ...contact } : c));
    patchTicket(qc, ticket.uuid, (tk) => ({
      ...tk,
      contact: {
        ...tk.contact,
        ...Object.fromEntries(Object.entries(contact).filter(([k]) => k in tk.contact)),
      },
    }));
  };
}

/** PUT /contacts/toggleAcceptAudio/:id, answering the new acceptAudioMessage. */
export function useToggleAcceptAudio(ticket: TicketView) {
  const apply = useApplyContact(ticket);
  return useMutation({
    mutationFn: (contact: ContactView) =>
      api
        .put<{ acceptAudioMessage?: boolean } | null>(`/contacts/toggleAcceptAudio/${contact.id}`)
        .then((res) => ({ id: contact.id, acceptAudioMessage: res?.acceptAudioMessage ?? !contact.acceptAudioMessage })),
    onSuccess: apply,
    onError: toastError,
  });
}
