import { isActiveTicketStatus } from './panel-rules';
import type { ContactView, PanelTicketView, TicketView, UserListItem, UserView } from '@chatflow/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { lookupKeys } from '../../../lib/lookups';

export const momentsKey = ['dashboard', 'moments'] as const;

/** GET /dashboard/moments: the company's open and pending tickets of the last 30 days. */
export function useMoments() {
  return useQuery({ queryKey: momentsKey, queryFn: () => api.get<PanelTicketView[]>('/dashboard/moments') });
}

/**
 * A ticket event's view as the panel shows it. A ticket that was already waiting keeps its
 * waitingSince; one that starts waiting now (new, or back in the queue) waits from the event.
 */
export const panelTicketOf = (t: TicketView, before?: PanelTicketView, now = new Date()): PanelTicketView => ({
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
  waitingSince:
    t.status !== 'pending' ? null : before?.status === 'pending' && before.waitingSince ? before.waitingSince : now.toISOString(),
});

/** Puts a changed ticket where it now belongs: first (newest) when still open or pending, out otherwise. */
export function applyPanelTicket(qc: QueryClient, ticket: TicketView) {
  qc.setQueryData<PanelTicketView[]>(momentsKey, (list) => {
    if (!list) return list;
    const before = list.find((x) => x.id === ticket.id);
    const rest = list.filter((x) => x.id !== ticket.id);
    return isActiveTicketStatus(ticket.status) && !ticket.isGroup ? [panelTicketOf(ticket, before), ...rest] : rest;
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
  // An agent who logs in or out turns Online/Offline on their card at once; a new or removed user adds or drops it.
  useCompanyEvent('user', (e) => {
    if (e.action === 'delete') qc.setQueryData<UserListItem[]>(lookupKeys.users, (list) => list?.filter((u) => u.id !== e.userId));
    else applyPanelUser(qc, e.user);
  });
  // A contact renamed (or given a picture) shows so on its tickets.
  useCompanyEvent('contact', (e) => {
    if (e.action === 'update') applyPanelContact(qc, e.contact);
  });
}

/** The user list the cards come from, with the changed user's name and presence. */
export function applyPanelUser(qc: QueryClient, user: UserView) {
  qc.setQueryData<UserListItem[]>(lookupKeys.users, (list) => {
    if (!list) return list;
    const { id, name, email, profile, online, profileImage, queues } = user;
    const item: UserListItem = { id, name, email, profile, online, profileImage, queues };
    return list.some((u) => u.id === user.id)
      ? list.map((u) => (u.id === user.id ? { ...u, name: user.name, online: user.online } : u))
      : [...list, item];
  });
}

export function applyPanelContact(qc: QueryClient, contact: ContactView) {
  qc.setQueryData<PanelTicketView[]>(momentsKey, (list) =>
    list?.map((x) =>
      x.contact.id === contact.id
        ? { ...x, contact: { ...x.contact, name: contact.name, urlPicture: contact.urlPicture ?? x.contact.urlPicture } }
        : x,
    ),
  );
}
