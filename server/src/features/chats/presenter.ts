import type { ChatMessageView, ChatView } from '@chatflow/contract';
import type { ChatMessageRow, ChatRow } from '../../db/schema';

export interface ChatMember {
  userId: number;
  unreads: number;
  name: string;
}

/** Whitelist of what leaves the server about a chat: its members' names and unread counts, nothing else of them. */
export const presentChat = (chat: ChatRow, members: readonly ChatMember[]): ChatView => ({
  id: chat.id,
  uuid: chat.uuid,
  title: chat.title,
  ownerId: chat.ownerId,
  lastMessage: chat.lastMessage,
  updatedAt: chat.updatedAt.toISOString(),
  users: members.map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
});

export const presentChatMessage = (m: ChatMessageRow, senderName: string | null): ChatMessageView => ({
  id: m.id,
  chatId: m.chatId,
  senderId: m.senderId,
  sender: m.senderId !== null && senderName !== null ? { id: m.senderId, name: senderName } : null,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
});
