import type { ChatMessageView, ChatView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import { type Realtime, rooms } from '../../realtime/emit';

/**
 * company-{id}-chat, after the commit, to the members' user rooms only: a chat's title, members and
 * messages never reach a socket of someone outside it. Members removed by an edit get a delete.
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
  });
}

export function announceChatDeleted(tx: HookedTx, realtime: Realtime, companyId: number, chatId: number, members: readonly number[]) {
  tx.afterCommit(() => realtime.toRoom(companyId, toUsers(members), 'chat', { action: 'delete', id: chatId }));
}

export function announceChatMessage(tx: HookedTx, realtime: Realtime, companyId: number, chat: ChatView, message: ChatMessageView) {
  tx.afterCommit(() => realtime.toRoom(companyId, toUsers(memberIds(chat)), 'chat', { action: 'new-message', message, chat }));
}
