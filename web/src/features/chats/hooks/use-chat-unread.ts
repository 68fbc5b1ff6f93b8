import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { chatKeys, useChatUnreadCount } from './use-chats';

/**
 * Whether the user has unread internal messages (spec 1 §2.4: the menu's dot badge on /chats). The
 * count is read again whenever a chat event reaches this user (a message, a read, a chat removed).
 */
export function useHasUnreadChats(): boolean {
  const qc = useQueryClient();
  const { user, subscriptionValid } = useAuth();
  const enabled = !!user && subscriptionValid && !!user.company.plan?.useInternalChat;
  const { data } = useChatUnreadCount(enabled);
  useCompanyEvent('chat', () => {
    if (enabled) void qc.invalidateQueries({ queryKey: chatKeys.unread() });
  });
  return (data?.unreads ?? 0) > 0;
}
