import {
  canClosePendingTicket,
  canSeeDashboard,
  canShowAllTickets,
  hasPermission,
  isAdmin,
  type SessionUserView,
} from '@chatflow/contract';
import { actorOf } from '../../lib/actor';

/** What the ticket list lets this user do (spec 1 §6); the server checks the same rules again. */
export function ticketListPermissions(user: SessionUserView) {
  const actor = actorOf(user);
  const admin = isAdmin(actor);
  return {
    admin,
    /** "Todos": tickets-manager:showall, or allUserChat enabled. */
    canShowAll: canShowAllTickets(actor),
    canCloseAll: hasPermission(actor, 'tickets-manager:closeAll'),
    /** The user filter and the owner tag are for admins only. */
    canFilterUsers: admin,
    seesOwnerTag: admin,
    seesGroups: user.allowGroup,
    /**
     * The list's close-pending (×) button: spec 1 §6 shows it to admins and users with showDashboard;
     * the ignore itself also needs userClosePendingTicket (or admin), so without it the button would
     * only earn a refusal from the server and stays hidden too.
     */
    canIgnorePending: canSeeDashboard(actor) && canClosePendingTicket(actor),
    /** Tickets without a queue: admins and users with allTicket enabled. */
    seesNoQueue: admin || user.allTicket === 'enable',
  };
}

export type TicketListPermissions = ReturnType<typeof ticketListPermissions>;

/** A company setting from the session (for example showNotificationPending). */
export function companySetting(user: SessionUserView, key: string): string | undefined {
  return user.company.settings.find((s) => s.key === key)?.value;
}
