import type { MessageView } from '@chatflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { conversationKeys } from '../keys';
import { type MessagesData, updateMessage } from './messages-cache';

/** POST /messages/edit/:id; the server refuses after 15 minutes or on someone else's message. */
export function useEditMessage(uuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => api.post<MessageView>(`/messages/edit/${id}`, { body }),
    onSuccess: (message) => {
      if (message?.id) qc.setQueryData<MessagesData>(conversationKeys.messages(uuid), (d) => updateMessage(d, message));
    },
    onError: toastError,
  });
}

/** DELETE /messages/:id (own messages); the list changes through the realtime update. */
export function useDeleteMessage() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/messages/${id}`), onError: toastError });
}

/**
 * Forward the selected messages (in reading order) to each chosen contact. The server's batch form
 * is used: one call per contact, and its job sends the messages one by one 900 ms apart
 * (FORWARD_PAUSE_MS, spec 1 §4.2), so a closed tab does not stop a half-done forward.
 */
export async function forwardMessages(messageIds: number[], contactIds: number[], signMessage: boolean) {
  for (const contactId of contactIds) await api.post('/message/forward', { messageIds, contactId, signMessage });
}
