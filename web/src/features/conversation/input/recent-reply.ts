import { RECENT_REPLY_MS, type MessageView } from '@chatflow/contract';

/**
 * Collision warning: how many seconds ago another agent answered the customer in this conversation, when it was
 * within RECENT_REPLY_MS; null otherwise. Only replies count: the customer's messages, this user's own and
 * private notes (which the customer never sees) do not.
 */
export function secondsSinceOtherReply(messages: readonly MessageView[], userId: number | undefined, now: number): number | null {
  let latest: number | null = null;
  for (const m of messages) {
    if (!m.fromMe || m.isPrivate || m.userId === null || m.userId === userId) continue;
    const at = Date.parse(m.createdAt);
    if (now - at <= RECENT_REPLY_MS && (latest === null || at > latest)) latest = at;
  }
  return latest === null ? null : Math.max(0, Math.round((now - latest) / 1000));
}
