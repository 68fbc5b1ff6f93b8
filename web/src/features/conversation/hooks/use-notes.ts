import type { TicketNoteView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from '../keys';

/** The ticket's observations (GET /ticket-notes/list {ticketId, contactId}), newest first. */
export function useNotes(ticketId: number, contactId: number, enabled: boolean) {
  const qc = useQueryClient();
  const key = conversationKeys.notes(ticketId, contactId);
  const list = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.get<TicketNoteView[]>('/ticket-notes/list', { ticketId, contactId })).toSorted((a, b) =>
        a.createdAt < b.createdAt ? 1 : -1,
      ),
    enabled,
  });
  const add = useMutation({
    mutationFn: (note: string) => api.post<TicketNoteView>('/ticket-notes', { note, ticketId, contactId }),
    onSuccess: (note) => qc.setQueryData<TicketNoteView[]>(key, (l) => [note, ...(l ?? []).filter((n) => n.id !== note.id)]),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/ticket-notes/${id}`),
    onSuccess: (_, id) => qc.setQueryData<TicketNoteView[]>(key, (l) => l?.filter((n) => n.id !== id)),
  });
  return { list, add, remove };
}
