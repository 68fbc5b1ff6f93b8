import type { CompanyEvents } from '@chatflow/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import { actorOf } from '../../../lib/actor';
import { previewOf } from '../../../lib/text';
import { mayNotify, notificationKind, showTicketNotification } from './browser-notifications';

/** Enough of the message to read it in the notification; the system cuts what does not fit. */
const BODY_MAX = 120;
/** The installable app's icon (web/public): a PNG shows on every system, an SVG does not. */
const ICON = '/icon-192.png';

/**
 * Browser notifications (Notification API) while the tab is in the background, for the realtime
 * messages the inbox already receives (useNotifications hands each new one here): a customer's
 * message on the user's own ticket, or on a waiting ticket their inbox shows. Clicking one brings
 * the tab forward on that ticket.
 */
export function useBrowserNotifier() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();

  return (event: CompanyEvents['appMessage']) => {
    if (!user || event.action !== 'create' || !event.ticket || !mayNotify()) return;
    const queueIds = user.queues.map((q) => q.id);
    const kind = notificationKind(event.message, event.ticket, actorOf(user), queueIds);
    if (!kind) return;
    const title = t(`tickets.browserNotifications.${kind}`, { name: event.ticket.contact.name });
    const body = previewOf(event.message.body, BODY_MAX);
    showTicketNotification(title, body, event.ticket, (uuid) => navigate(`/tickets/${uuid}`), ICON);
  };
}
