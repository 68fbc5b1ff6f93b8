import type { EnabledDisabled } from './fields';

/** Static permission table (spec 1 §6, spec 2 §6). Profile user has none. */
export const ADMIN_PERMISSIONS = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'tickets-manager:closeAll',
] as const;
export type Permission = (typeof ADMIN_PERMISSIONS)[number];

export const PROFILES = ['user', 'admin'] as const;
export type Profile = (typeof PROFILES)[number];

/** The part of a user that every permission rule reads. */
export interface Actor {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  allHistoric: EnabledDisabled;
  allUserChat: EnabledDisabled;
  userClosePendingTicket: EnabledDisabled;
  showDashboard: EnabledDisabled;
  allowRealTime: EnabledDisabled;
  allowConnections: EnabledDisabled;
}

export const isAdmin = (a: Pick<Actor, 'profile'>) => a.profile === 'admin';

export function hasPermission(actor: Pick<Actor, 'profile'>, permission: Permission): boolean {
  return isAdmin(actor) && (ADMIN_PERMISSIONS as readonly string[]).includes(permission);
}

/** A profile user counts as admin for these areas when the named flag is enabled. */
export const canSeeDashboard = (a: Actor) => isAdmin(a) || a.showDashboard === 'enabled';
export const canSeeRealTime = (a: Actor) => isAdmin(a) || a.allowRealTime === 'enabled';
export const canSeeConnections = (a: Actor) => isAdmin(a) || a.allowConnections === 'enabled';
export const canClosePendingTicket = (a: Actor) => isAdmin(a) || a.userClosePendingTicket === 'enabled';
export const canShowAllTickets = (a: Actor) => hasPermission(a, 'tickets-manager:showall') || a.allUserChat === 'enabled';

/** The part of a ticket that decides who may see it. */
export interface TicketVisibility {
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/**
 * One rule for who sees a ticket (list query, single fetch and realtime rooms all use it): admins;
 * the owner; for groups, users with allowGroup; for queued tickets, members of the queue; for
 * tickets without a queue, users with allTicket enabled.
 */
export function canSeeTicket(actor: Actor, queueIds: readonly number[], t: TicketVisibility): boolean {
  if (isAdmin(actor) || t.userId === actor.id) return true;
  if (t.isGroup) return actor.allowGroup;
  if (t.queueId !== null) return queueIds.includes(t.queueId);
  return actor.allTicket === 'enable';
}
