import type { ChatMessageView } from '@chatflow/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { chatMessages, chats, chatUsers } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceChatMessage } from '../events';
import { presentChatMessage } from '../presenter';
import { chatView, findChatForMember } from '../queries';

/**
 * POST /chats/:id/messages: stored, counted unread for every other member, made the chat's last
 * message, then sent to the members (and only them) after the commit.
 */
export async function sendChatMessage(ctx: RequestContext, chatId: number, text: string): Promise<ChatMessageView> {
  return ctx.transaction(async (tx) => {
    await findChatForMember(tx, ctx.companyId, ctx.actor.id, { id: chatId });
    const [row] = await tx
      .insert(chatMessages)
      .values({ companyId: ctx.companyId, chatId, senderId: ctx.actor.id, message: text })
      .returning();
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.chatId, chatId), ne(chatUsers.userId, ctx.actor.id)));
    const [chat] = await tx
      .update(chats)
      .set({ lastMessage: text, updatedAt: row.createdAt })
      .where(and(eq(chats.id, chatId), eq(chats.companyId, ctx.companyId)))
      .returning();
    const message = presentChatMessage(row, ctx.user.name);
    announceChatMessage(tx, ctx.realtime, ctx.companyId, await chatView(tx, chat), message);
    return message;
  });
}
