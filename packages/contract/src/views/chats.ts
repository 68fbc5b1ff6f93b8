import { z } from 'zod';

export const ChatMemberView = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ChatMemberView = z.infer<typeof ChatMemberView>;

/** Chat (spec 3 §3): id, uuid, title, ownerId, lastMessage, updatedAt, users. */
export const ChatView = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().nullable(),
  lastMessage: z.string(),
  updatedAt: z.string(),
  users: z.array(ChatMemberView),
});
export type ChatView = z.infer<typeof ChatView>;

export const ChatPage = z.object({ records: z.array(ChatView), count: z.number(), hasMore: z.boolean() });
export type ChatPage = z.infer<typeof ChatPage>;

/** Chat message (spec 3 §3): senderId, sender.name, message, createdAt, chatId. */
export const ChatMessageView = z.object({
  id: z.number(),
  chatId: z.number(),
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

/** Newest first: page 1 holds the latest messages, the next pages older ones. */
export const ChatMessagePage = z.object({ records: z.array(ChatMessageView), count: z.number(), hasMore: z.boolean() });
export type ChatMessagePage = z.infer<typeof ChatMessagePage>;

/** GET /chats/unread: whether the menu's dot badge shows (spec 1 §2.4). */
export const ChatUnreadView = z.object({ unreads: z.number() });
export type ChatUnreadView = z.infer<typeof ChatUnreadView>;
