import { CHAT_MESSAGES_PAGE_SIZE, CHATS_PAGE_SIZE, type ChatMessagePage, type ChatPage, type ChatView } from '@chatflow/contract';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ChatRow, chatMessages, chats, chatUsers, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isChatMember } from './policy';
import { type ChatMember, presentChat, presentChatMessage } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The members of some chats, by chat id, in name order. */
export async function membersOf(db: DbOrTx, companyId: number, chatIds: readonly number[]): Promise<Map<number, ChatMember[]>> {
  const byChat = new Map<number, ChatMember[]>(chatIds.map((id) => [id, []]));
  if (chatIds.length === 0) return byChat;
  const rows = await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, [...chatIds])))
    .orderBy(asc(users.name), asc(users.id));
  for (const r of rows) byChat.get(r.chatId)?.push({ userId: r.userId, unreads: r.unreads, name: r.name });
  return byChat;
}

export async function chatView(db: DbOrTx, chat: ChatRow): Promise<ChatView> {
  const members = (await membersOf(db, chat.companyId, [chat.id])).get(chat.id) ?? [];
  return presentChat(chat, members);
}

/** Only chats the caller is in exist for the caller: another company's, or one the caller is not in, is 404. */
export async function findChatForMember(db: DbOrTx, companyId: number, userId: number, where: { id: number } | { uuid: string }) {
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.companyId, companyId), 'id' in where ? eq(chats.id, where.id) : eq(chats.uuid, where.uuid)));
  if (!chat) throw notFound();
  const members = (await membersOf(db, companyId, [chat.id])).get(chat.id) ?? [];
  if (
    !isChatMember(
      { id: userId },
      members.map((m) => m.userId),
    )
  )
    throw notFound();
  return { chat, members };
}

/** GET /chats: the caller's chats, most recent activity first, searched on the title. */
export async function listChatsPage(
  db: DbOrTx,
  companyId: number,
  userId: number,
  f: { searchParam: string; pageNumber: number },
): Promise<ChatPage> {
  const term = f.searchParam.trim();
  const mine = db
    .select({ chatId: chatUsers.chatId })
    .from(chatUsers)
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId)));
  const where = and(eq(chats.companyId, companyId), inArray(chats.id, mine), term ? ilike(chats.title, containsPattern(term)) : undefined);
  const offset = (f.pageNumber - 1) * CHATS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(chats)
    .where(where)
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(CHATS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(chats).where(where);
  const members = await membersOf(
    db,
    companyId,
    rows.map((c) => c.id),
  );
  return { records: rows.map((c) => presentChat(c, members.get(c.id) ?? [])), count, hasMore: offset + rows.length < count };
}

/** GET /chats/:id/messages: newest first, a page at a time (the screen loads older pages on scroll). */
export async function listChatMessagesPage(db: DbOrTx, companyId: number, chatId: number, pageNumber: number): Promise<ChatMessagePage> {
  const where = and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId));
  const offset = (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
  const rows = await db
    .select({ message: chatMessages, senderName: users.name })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(where)
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_MESSAGES_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(chatMessages).where(where);
  return { records: rows.map((r) => presentChatMessage(r.message, r.senderName)), count, hasMore: offset + rows.length < count };
}

/** GET /chats/unread: the caller's unread internal messages over all chats (the menu's dot badge). */
export async function unreadTotal(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${chatUsers.unreads}), 0)::int` })
    .from(chatUsers)
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId)));
  return total;
}
