import type { QuickMessageView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/AuthProvider';
import { api } from '../../../lib/api';
import { conversationKeys } from '../keys';

/** GET /quick-messages/list: the answers this agent may use (own plus shared ones). */
export function useQuickMessageList(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: conversationKeys.quickMessages,
    queryFn: async () => {
      const res = await api.get<QuickMessageView[] | { records: QuickMessageView[] }>('/quick-messages/list', {
        companyId: user?.companyId,
        userId: user?.id,
      });
      return Array.isArray(res) ? res : res.records;
    },
    enabled,
    staleTime: 30_000,
  });
}

/** The picker's preview of a quick message (spec 1 §9: 90 characters). */
export const QUICK_PREVIEW_CHARS = 90;
export const quickPreview = (text: string) => (text.length > QUICK_PREVIEW_CHARS ? `${text.slice(0, QUICK_PREVIEW_CHARS)}...` : text);

/** What follows "/" while the agent types a shortcode; null when the text is not a "/" command. */
export function slashTerm(text: string): string | null {
  const match = /^\/(\S*)$/.exec(text);
  return match ? match[1].toLowerCase() : null;
}

export const matchQuick = (list: QuickMessageView[], term: string) =>
  list.filter((q) => q.shortcode.toLowerCase().includes(term) || q.message.toLowerCase().includes(term)).slice(0, 50);
