import { type Actor, canSeeTicket, type MessageView, type TicketView } from '@chatflow/contract';

/** The user's choice, kept in this browser: the permission it needs is this browser's too. */
const PREF_KEY = 'browserNotifications';

export const browserNotificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

export function readBrowserNotificationsPref(): boolean {
  return localStorage.getItem(PREF_KEY) === 'enabled';
}

export function writeBrowserNotificationsPref(on: boolean) {
  localStorage.setItem(PREF_KEY, on ? 'enabled' : 'disabled');
}

/** Notifications go out when the user chose them, the browser allows them and the tab is not in view. */
export function mayNotify(): boolean {
  return (
    browserNotificationsSupported() &&
    readBrowserNotificationsPref() &&
    Notification.permission === 'granted' &&
    document.visibilityState === 'hidden'
  );
}

export type NotificationKind = 'pending' | 'message';

/**
 * Which kind of notification a new message makes, if any (null: none):
 * - `message`: from the customer on a ticket the user is attending (open or group, theirs);
 * - `pending`: from the customer on a waiting ticket the inbox shows the user: free or theirs, and
 *   one they may see (the contract's canSeeTicket: their queues, groups, tickets without a queue).
 *   A new ticket is made by its first message, so this is also how a new waiting ticket is told.
 */
export function notificationKind(
  message: MessageView,
  ticket: TicketView,
  actor: Actor,
  queueIds: readonly number[],
): NotificationKind | null {
  if (message.fromMe) return null;
  if (ticket.status === 'open' || ticket.status === 'group') return ticket.userId === actor.id ? 'message' : null;
  if (ticket.status !== 'pending') return null;
  if (ticket.userId !== null && ticket.userId !== actor.id) return null;
  return canSeeTicket(actor, queueIds, ticket) ? 'pending' : null;
}

/**
 * Shows one notification per ticket (the tag: a newer one replaces the last), which brings the tab
 * forward and opens the ticket when clicked.
 */
export function showTicketNotification(title: string, body: string, ticket: TicketView, open: (uuid: string) => void, icon?: string) {
  const n = new Notification(title, { body, tag: `ticket-${ticket.id}`, icon });
  n.onclick = () => {
    window.focus();
    open(ticket.uuid);
    n.close();
  };
  return n;
}
