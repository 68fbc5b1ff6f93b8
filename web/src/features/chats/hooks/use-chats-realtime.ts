import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { appendChatMessage, chatKeys, chatsCache, storeChat } from './use-chats';

/**
 * company-{id}-chat (spec 3 §4 "Chat realtime"; the server sends it to the chat's members only):
 * create adds a chat, update replaces it, delete removes it (and `onDeleted` leaves an open one),
 * new-message appends to the conversation and refreshes the chat's unread counts.
 */
export function useChatsRealtime(onDeleted?: (chatId: number) => void) {
  const qc = useQueryClient();
  useCompanyEvent('chat', (e) => {
    if (e.action === 'delete') {
      chatsCache.remove(qc, e.id);
      qc.removeQueries({ queryKey: chatKeys.messages(e.id) });
      onDeleted?.(e.id);
      return;
    }
    if (e.action === 'new-message') {
      appendChatMessage(qc, e.message);
      storeChat(qc, e.chat);
      return;
    }
    storeChat(qc, e.record);
  });
}
