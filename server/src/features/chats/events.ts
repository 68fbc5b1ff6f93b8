import type { ChatMessageView, ChatView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import { type Realtime, rooms } from '../../realtime/emit';

/**
 * company-{id}-chat, after the commit, to the members' user rooms only: a chat's title, members and
 * messages never reach a socket of someone outside it. Members removed by an edit get a delete.
 * Beside it, the spec's names (spec 3 §7): each member's `company-{id}-chat-user-{userId}` for the chat's
 * create, update and delete, and `company-{id}-chat-{chatId}` for its new messages.
 */
const toUsers = (userIds: readonly number[]) => userIds.map(rooms.user);
const memberIds = (chat: ChatView) => chat.users.map((u) => u.userId);

export function announceChat(
  tx: HookedTx,
  realtime: Realtime,
  companyId: number,
  chat: ChatView,
  action: 'create' | 'update',
  before?: readonly number[],
) {
  tx.afterCommit(() => {
    const now = memberIds(chat);
    const removed = (before ?? []).filter((id) => !now.includes(id));
    if (removed.length) realtime.toRoom(companyId, toUsers(removed), 'chat', { action: 'delete', id: chat.id });
    realtime.toRoom(companyId, toUsers(now), 'chat', { action, record: chat });
    for (const userId of removed) realtime.toRoom(companyId, rooms.user(userId), `chat-user-${userId}`, { action: 'delete', id: chat.id });
    for (const userId of now) realtime.toRoom(companyId, rooms.user(userId), `chat-user-${userId}`, { action, record: chat });
  });
}

export function announceChatDeleted(tx: HookedTx, realtime: Realtime, companyId: number, chatId: number, members: readonly number[]) {
  tx.afterCommit(() => {
    realtime.toRoom(companyId, toUsers(members), 'chat', { action: 'delete', id: chatId });
    for (const userId of members) realtime.toRoom(companyId, rooms.user(userId), `chat-user-${userId}`, { action: 'delete', id: chatId });
  });
}

export function announceChatMessage(tx: HookedTx, realtime: Realtime, companyId: number, chat: ChatView, message: ChatMessageView) {
  tx.afterCommit(() => {
    const members = toUsers(memberIds(chat));
    realtime.toRoom(companyId, members, 'chat', { action: 'new-message', message, chat });
    realtime.toRoom(companyId, members, `chat-${chat.id}`, { action: 'new-message', message, chat });
  });
}
