import type { MessageTemplateList, ReplyWindowView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const templateKeys = {
  list: (connectionId: number) => ['message-templates', connectionId] as const,
  window: (ticketId: number) => ['reply-window', ticketId] as const,
};

/** GET /whatsapp/:id/templates: the connection's templates as last synced from Meta. */
export function useTemplates(connectionId: number | null, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(connectionId ?? 0),
    queryFn: () => api.get<MessageTemplateList>(`/whatsapp/${connectionId}/templates`),
    enabled: enabled && connectionId !== null,
  });
}

/** "Sincronizar": POST /whatsapp/:id/templates/sync answers the fresh list. */
export function useSyncTemplates(connectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageTemplateList>(`/whatsapp/${connectionId}/templates/sync`),
    onSuccess: (list) => qc.setQueryData(templateKeys.list(connectionId), list),
  });
}

/** GET /messages/window/:ticketId: whether a free text may go now (Meta's 24-hour window). */
export function useReplyWindow(ticketId: number, enabled: boolean, ticketUpdatedAt?: string) {
  return useQuery({
    // Asked again when the ticket moves (a customer message reopens the window).
    queryKey: [...templateKeys.window(ticketId), ticketUpdatedAt ?? ''],
    queryFn: () => api.get<ReplyWindowView>(`/messages/window/${ticketId}`),
    enabled,
  });
}
