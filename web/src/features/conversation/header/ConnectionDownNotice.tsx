import type { ConnectionView } from '@chatflow/contract';
import { Alert } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';

const connectionKey = (id: number) => ['conversation', 'connection', id] as const;

/**
 * The ticket's connection is not connected: a reply is stored and queued until it comes back, which the
 * agent is told here rather than left to wonder why the message shows a clock. Follows
 * company-{id}-whatsappSession, so the notice comes and goes with the connection's status.
 */
export function ConnectionDownNotice({ connectionId }: { connectionId: number | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const connection = useQuery({
    queryKey: connectionKey(connectionId ?? 0),
    queryFn: () => api.get<ConnectionView>(`/whatsapp/${connectionId}`),
    enabled: connectionId !== null,
    retry: false,
  });
  useCompanyEvent('whatsappSession', (e) => {
    if (e.session.id === connectionId) qc.setQueryData(connectionKey(e.session.id), e.session);
  });
  const status = connection.data?.status;
  if (!status || status === 'CONNECTED') return null;
  return (
    <Alert severity="warning" sx={{ borderRadius: 0, py: 0 }} data-testid="connection-down" data-status={status}>
      {t('conversation.connectionDown')}
    </Alert>
  );
}
