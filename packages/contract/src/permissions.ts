import type { EnabledDisabled } from './fields';
import type { PlanSwitch, PlanSwitches } from './plans';

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

/** Menu entries (spec 1 §2.4). `feature` is the plan switch that gates an entry. */
export type MenuKey =
  | 'dashboard'
  | 'reports'
  | 'moments'
  | 'tickets'
  | 'quickMessages'
  | 'contacts'
  | 'tags'
  | 'kanban'
  | 'schedules'
  | 'chats'
  | 'campaigns'
  | 'contactLists'
  | 'campaignsConfig'
  | 'messagesApi'
  | 'prompts'
  | 'queueIntegration'
  | 'helps'
  | 'phraseLists'
  | 'flowbuilders'
  | 'announcements'
  | 'allConnections'
  | 'companies'
  | 'users'
  | 'queues'
  | 'files'
  | 'financeiro'
  | 'settings'
  | 'connections';

export interface MenuEntry {
  key: MenuKey;
  path: string;
  group: 'management' | 'basic' | 'plan' | 'flowbuilder' | 'super' | 'admin';
  feature?: PlanSwitch;
}

export const MENU: MenuEntry[] = [
  { key: 'dashboard', path: '/', group: 'management' },
  { key: 'reports', path: '/reports', group: 'management' },
  { key: 'moments', path: '/moments', group: 'management' },
  { key: 'tickets', path: '/tickets', group: 'basic' },
  { key: 'quickMessages', path: '/quick-messages', group: 'basic' },
  { key: 'contacts', path: '/contacts', group: 'basic' },
  { key: 'tags', path: '/tags', group: 'basic' },
  { key: 'kanban', path: '/kanban', group: 'plan', feature: 'useKanban' },
  { key: 'schedules', path: '/schedules', group: 'plan', feature: 'useSchedules' },
  { key: 'chats', path: '/chats', group: 'plan', feature: 'useInternalChat' },
  { key: 'campaigns', path: '/campaigns', group: 'plan', feature: 'useCampaigns' },
  { key: 'contactLists', path: '/contact-lists', group: 'plan', feature: 'useCampaigns' },
  { key: 'campaignsConfig', path: '/campaigns-config', group: 'plan', feature: 'useCampaigns' },
  { key: 'messagesApi', path: '/messages-api', group: 'plan', feature: 'useExternalApi' },
  { key: 'prompts', path: '/prompts', group: 'plan', feature: 'useOpenAi' },
  { key: 'queueIntegration', path: '/queue-integration', group: 'plan', feature: 'useIntegrations' },
  { key: 'helps', path: '/helps', group: 'plan' },
  { key: 'phraseLists', path: '/phrase-lists', group: 'flowbuilder' },
  { key: 'flowbuilders', path: '/flowbuilders', group: 'flowbuilder' },
  { key: 'announcements', path: '/announcements', group: 'super' },
  { key: 'allConnections', path: '/allConnections', group: 'super' },
  { key: 'companies', path: '/companies', group: 'super' },
  { key: 'connections', path: '/connections', group: 'admin' },
  { key: 'users', path: '/users', group: 'admin' },
  { key: 'queues', path: '/queues', group: 'admin' },
  { key: 'files', path: '/files', group: 'admin' },
  { key: 'financeiro', path: '/financeiro', group: 'admin' },
  { key: 'settings', path: '/settings', group: 'admin' },
];

export interface MenuContext {
  actor: Actor;
  plan: PlanSwitches;
  subscriptionValid: boolean;
  hasHelps: boolean;
  /** Entries whose screens exist in this build; others stay hidden (the rules still apply to them). */
  built: ReadonlySet<MenuKey>;
}

/** Whether a menu entry is visible: one function for the drawer and its tests. */
export function isMenuEntryVisible(entry: MenuEntry, ctx: MenuContext): boolean {
  const { actor, plan, subscriptionValid } = ctx;
  if (!ctx.built.has(entry.key)) return false;
  if (entry.group === 'basic') return true;
  if (!subscriptionValid) return false; // only the basics while the subscription is not valid
  switch (entry.group) {
    case 'management':
      return entry.key === 'moments' ? canSeeRealTime(actor) : canSeeDashboard(actor);
    case 'plan':
      if (entry.key === 'helps') return ctx.hasHelps;
      if (entry.key === 'messagesApi' && !isAdmin(actor)) return false; // also an admin item
      return entry.feature ? plan[entry.feature] : true;
    case 'flowbuilder':
      return isAdmin(actor) && plan.useCampaigns;
    case 'super':
      return actor.super;
    case 'admin':
      if (entry.key === 'connections') return canSeeConnections(actor);
      return isAdmin(actor);
  }
}

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
