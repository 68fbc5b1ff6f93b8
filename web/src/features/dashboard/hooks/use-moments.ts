import { isActiveTicketStatus } from './panel-rules';
import type { PanelTicketView, TicketView } from '@chatflow/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';

export const momentsKey = ['dashboard', 'moments'] as const;

/** GET /dashboard/moments: the company's open and pending tickets of the last 30 days. */
export function useMoments() {
  return useQuery({ queryKey: momentsKey, queryFn: () => api.get<PanelTicketView[]>('/dashboard/moments') });
}

/** A ticket event's view as the panel shows it. */
export const panelTicketOf = (t: TicketView): PanelTicketView => ({
  id: t.id,
  uuid: t.uuid,
  status: t.status,
  contact: { id: t.contact.id, name: t.contact.name, urlPicture: t.contact.urlPicture },
  lastMessage: t.lastMessage,
  lastMessageMedia: t.lastMessageMedia,
  whatsapp: t.whatsapp ? { id: t.whatsapp.id, name: t.whatsapp.name } : null,
  queue: t.queue,
  unreadMessages: t.unreadMessages,
  updatedAt: t.updatedAt,
  userId: t.userId,
  user: t.user,
});

/** Puts a changed ticket where it now belongs: first (newest) when still open or pending, out otherwise. */
export function applyPanelTicket(qc: QueryClient, ticket: TicketView) {
  qc.setQueryData<PanelTicketView[]>(momentsKey, (list) => {
    if (!list) return list;
    const rest = list.filter((x) => x.id !== ticket.id);
    return isActiveTicketStatus(ticket.status) && !ticket.isGroup ? [panelTicketOf(ticket), ...rest] : rest;
  });
}

export function removePanelTicket(qc: QueryClient, ticketId: number) {
  qc.setQueryData<PanelTicketView[]>(momentsKey, (list) => list?.filter((x) => x.id !== ticketId));
}

/**
 * Live panel: ticket events (accepted, transferred, closed, deleted) and new messages edit the cached
 * list; nothing is refetched. Events reach this socket for the tickets its user may see.
 */
export function useMomentsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('ticket', (e) => {
    if (e.action === 'update') applyPanelTicket(qc, e.ticket);
    else if (e.action === 'delete') removePanelTicket(qc, e.ticketId);
    else if (e.action === 'updateUnread')
      qc.setQueryData<PanelTicketView[]>(momentsKey, (list) => list?.map((x) => (x.id === e.ticketId ? { ...x, unreadMessages: 0 } : x)));
  });
  useCompanyEvent('appMessage', (e) => {
    if (e.action !== 'delete') applyPanelTicket(qc, e.ticket);
  });
}
