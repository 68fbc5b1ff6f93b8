import type { ChatData, ChatView } from '@chatflow/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import { chats, chatUsers } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import { announceChat, announceChatDeleted } from '../events';
import { isChatOwner } from '../policy';
import { chatView, findChatForMember } from '../queries';
import { chatMembersFor } from '../rules';

/** POST /chats: the caller owns the chat and is one of its members. */
export async function createChat(ctx: RequestContext, input: ChatData): Promise<ChatView> {
  return ctx.transaction(async (tx) => {
    const members = await chatMembersFor(tx, ctx.companyId, ctx.actor.id, input.users);
    const [chat] = await tx.insert(chats).values({ companyId: ctx.companyId, title: input.title, ownerId: ctx.actor.id }).returning();
    await tx.insert(chatUsers).values(members.map((userId) => ({ chatId: chat.id, userId, companyId: ctx.companyId })));
    const view = await chatView(tx, chat);
    announceChat(tx, ctx.realtime, ctx.companyId, view, 'create');
    return view;
  });
}

/** PUT /chats/:id: the owner renames the chat and sets its members; members who stay keep their unread counts. */
export async function updateChat(ctx: RequestContext, id: number, input: ChatData): Promise<ChatView> {
  return ctx.transaction(async (tx) => {
    const { chat, members: before } = await findChatForMember(tx, ctx.companyId, ctx.actor.id, { id });
    if (!isChatOwner(ctx.actor, chat)) throw forbidden();
    const members = await chatMembersFor(tx, ctx.companyId, ctx.actor.id, input.users);
    await tx.delete(chatUsers).where(and(eq(chatUsers.chatId, id), notInArray(chatUsers.userId, members)));
    await tx
      .insert(chatUsers)
      .values(members.map((userId) => ({ chatId: id, userId, companyId: ctx.companyId })))
      .onConflictDoNothing();
    const [row] = await tx
      .update(chats)
      .set({ title: input.title })
      .where(and(eq(chats.id, id), eq(chats.companyId, ctx.companyId)))
      .returning();
    const view = await chatView(tx, row);
    announceChat(
      tx,
      ctx.realtime,
      ctx.companyId,
      view,
      'update',
      before.map((m) => m.userId),
    );
    return view;
  });
}

/** DELETE /chats/:id: the owner only; members and messages go with it. */
export async function deleteChat(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const { chat, members } = await findChatForMember(tx, ctx.companyId, ctx.actor.id, { id });
    if (!isChatOwner(ctx.actor, chat)) throw forbidden();
    await tx.delete(chats).where(and(eq(chats.id, id), eq(chats.companyId, ctx.companyId)));
    announceChatDeleted(
      tx,
      ctx.realtime,
      ctx.companyId,
      id,
      members.map((m) => m.userId),
    );
  });
}
