import type { TicketView } from '@chatflow/contract';
import type { ListViewer } from '../types';

/**
 * Which tickets the bell lists (spec 1 §2.5): those with unread messages that are the user's own
 * (attending or group), and waiting ones too when the company setting showNotificationPending is on.
 */
export function isNotifiable(ticket: TicketView, viewer: ListViewer, showPending: boolean): boolean {
  if (ticket.unreadMessages <= 0) return false;
  if (ticket.status === 'pending') return showPending;
  return (ticket.status === 'open' || ticket.status === 'group') && ticket.userId === viewer.id;
}

/** A changed ticket goes to the top of the list, or out of it once read or no longer the user's. */
export function applyToNotifications(list: TicketView[], ticket: TicketView, viewer: ListViewer, showPending: boolean): TicketView[] {
  const rest = list.filter((t) => t.id !== ticket.id);
  if (!isNotifiable(ticket, viewer, showPending)) return rest.length === list.length ? list : rest;
  return [ticket, ...rest];
}

export const withoutTicket = (list: TicketView[], ticketId: number) =>
  list.some((t) => t.id === ticketId) ? list.filter((t) => t.id !== ticketId) : list;
