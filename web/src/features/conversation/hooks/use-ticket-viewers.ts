import type { TicketViewer } from '@chatflow/contract';
import { useState } from 'react';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';

/**
 * The other agents who have this ticket open, and whether they type (collision warning). The server sends the
 * whole list to the ticket's chat box whenever it changes, so the last list heard is the truth; this user is left out.
 */
export function useTicketViewers(uuid: string): TicketViewer[] {
  const { user } = useAuth();
  const [heard, setHeard] = useState<{ uuid: string; viewers: TicketViewer[] }>({ uuid, viewers: [] });
  useCompanyEvent('ticketViewers', (e) => {
    if (e.ticketUuid === uuid) setHeard({ uuid, viewers: e.viewers });
  });
  // A list heard for the previous ticket is no one's on this one.
  if (heard.uuid !== uuid) return [];
  return heard.viewers.filter((v) => v.userId !== user?.id);
}
