import { z } from 'zod';
import { dbId, PageQuery } from './fields';

/** Internal chat (spec 3 "Internal chat", §7). Page sizes are ours: the spec does not give them. */
export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 30;
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 5_000;

/** Existing clients send the users as `{ id, name }` objects; a bare id is accepted too. */
const chatUserRef = z.union([dbId(), z.object({ id: dbId() }).transform((u) => u.id)]);

/**
 * POST /chats and PUT /chats/:id. The spec disables saving without a title or without a user; the
 * server also refuses a chat whose only member would be its owner ('validation.chatUsers').
 */
export const ChatInput = z.object({
  title: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(CHAT_TITLE_MAX, { message: 'validation.tooLong' }),
  users: z.array(chatUserRef, { message: 'validation.chatUsers' }).min(1, { message: 'validation.chatUsers' }).max(500),
});
export type ChatInput = z.input<typeof ChatInput>;
export type ChatData = z.output<typeof ChatInput>;

export const ChatListQuery = PageQuery;
export const ChatMessagesQuery = PageQuery;

/** POST /chats/:id/messages: an empty message is not sent (spec 3 §5). */
export const ChatMessageInput = z.object({
  message: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(CHAT_MESSAGE_MAX, { message: 'validation.tooLong' }),
});

/** POST /chats/:id/read {userId}: existing clients send their id; the session decides whose unreads clear. */
export const ChatReadInput = z.object({ userId: z.unknown().optional() }).optional();

/** GET /chats/:uuid: the screen opens /chats/{uuid}. */
export const ChatUuidParam = z.object({ id: z.uuid({ message: 'validation.invalid' }) });
