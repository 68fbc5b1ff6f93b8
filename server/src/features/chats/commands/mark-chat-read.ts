import type { ChatView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { chatUsers } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceChat } from '../events';
import { chatView, findChatForMember } from '../queries';

/** POST /chats/:id/read: the caller's unread count in the chat goes to zero; the members' lists learn of it. */
export async function markChatRead(ctx: RequestContext, chatId: number): Promise<ChatView> {
  return ctx.transaction(async (tx) => {
    const { chat, members } = await findChatForMember(tx, ctx.companyId, ctx.actor.id, { id: chatId });
    if (members.find((m) => m.userId === ctx.actor.id)?.unreads === 0) return chatView(tx, chat);
    await tx
      .update(chatUsers)
      .set({ unreads: 0 })
      .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, ctx.actor.id)));
    const view = await chatView(tx, chat);
    announceChat(tx, ctx.realtime, ctx.companyId, view, 'update');
    return view;
  });
}
