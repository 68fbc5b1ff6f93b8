import { CLIENT_EVENTS, type CompanyEvents, type TicketView } from '@chatflow/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMatch } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useCompanyEvent, useSocket } from '../../../app/providers/SocketProvider';
import { readVolume } from '../../../app/shell/VolumeControl';
import { api } from '../../../lib/api';
import { companySetting } from '../permissions';
import { ticketKeys } from '../ticket-cache';
import type { TicketPage } from '../types';
import { playBeep } from './beep';
import { useBrowserNotifier } from './use-browser-notifications';
import { applyToNotifications, isNotifiable, withoutTicket } from './notification-rules';

/**
 * The tickets with unread messages for the top bar's bell and the page title, kept current by the
 * socket: a message for a ticket the user is not looking at plays the sound at the chosen volume,
 * and, with the tab in the background, may show a browser notification (use-browser-notifications.ts).
 */
export function useNotifications() {
  const { user } = useAuth();
  const socket = useSocket();
  const qc = useQueryClient();
  const showPending = user ? companySetting(user, 'showNotificationPending') === 'enabled' : false;
  const key = [...ticketKeys.notifications(), showPending] as const;
  const openUuid = useMatch('/tickets/:uuid')?.params.uuid ?? null;
  const openRef = useRef(openUuid);
  openRef.current = openUuid;
  const notifyInBrowser = useBrowserNotifier();

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      if (!user) return [];
      // The user's own attending (and group) tickets, and the waiting ones when the company wants them.
      const statuses = ['open', ...(user.allowGroup ? ['group'] : []), ...(showPending ? ['pending'] : [])];
      const pages = await Promise.all(
        statuses.map((status) => api.get<TicketPage>('/tickets', { status, withUnreadMessages: 'true', showAll: 'false', pageNumber: 1 })),
      );
      return pages
        .flatMap((p) => p.tickets)
        .filter((t) => isNotifiable(t, user, showPending))
        .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
    },
    enabled: !!user,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinNotification);
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket]);

  const edit = (fn: (list: TicketView[]) => TicketView[]) => qc.setQueryData<TicketView[]>(key, (list) => list && fn(list));

  useCompanyEvent('ticket', (event: CompanyEvents['ticket']) => {
    if (!user) return;
    if (event.action === 'update') edit((list) => applyToNotifications(list, event.ticket, user, showPending));
    else edit((list) => withoutTicket(list, event.ticketId));
  });

  useCompanyEvent('appMessage', (event: CompanyEvents['appMessage']) => {
    notifyInBrowser(event);
    if (!user || event.action !== 'create' || !event.ticket) return;
    const onScreen = event.ticket.uuid === openRef.current && document.visibilityState === 'visible';
    const ticket = onScreen ? { ...event.ticket, unreadMessages: 0 } : event.ticket;
    edit((list) => applyToNotifications(list, ticket, user, showPending));
    if (!event.message.fromMe && !onScreen && isNotifiable(ticket, user, showPending)) playBeep(readVolume());
  });

  return { tickets: query.data ?? [], openUuid };
}
