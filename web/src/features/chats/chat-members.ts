import type { ChatView } from '@chatflow/contract';

/** The user's unread count in a chat (0 when not a member). */
export const unreadsOf = (chat: ChatView, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** The members' names but the user's own, for the conversation header. */
export const otherMemberNames = (chat: ChatView, userId: number) =>
  chat.users
    .filter((u) => u.userId !== userId)
    .map((u) => u.user.name)
    .join(', ');
