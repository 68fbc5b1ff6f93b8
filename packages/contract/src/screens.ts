import { type AccessContext, type AccessRule, mayAccess } from './access';
import type { PlanSwitch } from './plans';

/**
 * The web app's screens and who may open each (spec 1 §2.1, §2.4, §6; spec 2 §6; spec 3 §2): the router
 * guards each screen with its rule, and the side menu offers an entry to exactly those its rule lets in,
 * so a profile never sees an entry that answers "Acesso Negado". The rules match the server's route table
 * (server/src/features/route-access.ts) for the calls behind each screen.
 */
export type MenuKey =
  | 'dashboard'
  | 'reports'
  | 'moments'
  | 'tickets'
  | 'quickMessages'
  | 'contacts'
  | 'tags'
  | 'todolist'
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

export type MenuGroup = 'management' | 'basic' | 'plan' | 'flowbuilder' | 'super' | 'admin';

export interface Screen {
  /** As the router declares it. */
  path: string;
  access: AccessRule;
  menu?: { key: MenuKey; group: MenuGroup; link?: string };
  /** A screen outside the menu: the screen whose page links here. */
  from?: string;
}

const member: AccessRule = { who: 'member' };
const paid = (rule: Omit<AccessRule, 'paid'>): AccessRule => ({ ...rule, paid: true });
const admin = paid({ who: 'admin' });
const superOnly = paid({ who: 'super' });
const dashboard = paid({ who: 'admin', flag: 'showDashboard' });
const inPlan = (plan: PlanSwitch, who: 'member' | 'admin' = 'member') => paid({ who, plan });

export const SCREENS: Screen[] = [
  { path: '/', access: dashboard, menu: { key: 'dashboard', group: 'management' } },
  { path: '/reports', access: dashboard, menu: { key: 'reports', group: 'management' } },
  { path: '/moments', access: paid({ who: 'admin', flag: 'allowRealTime' }), menu: { key: 'moments', group: 'management' } },
  { path: '/tickets/:uuid?', access: member, menu: { key: 'tickets', group: 'basic', link: '/tickets' } },
  { path: '/quick-messages', access: member, menu: { key: 'quickMessages', group: 'basic' } },
  { path: '/contacts', access: member, menu: { key: 'contacts', group: 'basic' } },
  { path: '/contacts/import', access: member, from: '/contacts' },
  { path: '/tags', access: member, menu: { key: 'tags', group: 'basic' } },
  { path: '/todolist', access: member, menu: { key: 'todolist', group: 'basic' } },
  { path: '/Kanban', access: inPlan('useKanban'), menu: { key: 'kanban', group: 'plan', link: '/kanban' } },
  { path: '/TagsKanban', access: inPlan('useKanban', 'admin'), from: '/Kanban' },
  { path: '/schedules', access: inPlan('useSchedules'), menu: { key: 'schedules', group: 'plan' } },
  { path: '/chats/:uuid?', access: inPlan('useInternalChat'), menu: { key: 'chats', group: 'plan', link: '/chats' } },
  { path: '/campaigns', access: inPlan('useCampaigns', 'admin'), menu: { key: 'campaigns', group: 'plan' } },
  { path: '/campaign/:campaignId/report', access: inPlan('useCampaigns', 'admin'), from: '/campaigns' },
  { path: '/contact-lists', access: inPlan('useCampaigns'), menu: { key: 'contactLists', group: 'plan' } },
  { path: '/contact-lists/:contactListId/contacts', access: inPlan('useCampaigns', 'admin'), from: '/contact-lists' },
  { path: '/campaigns-config', access: inPlan('useCampaigns', 'admin'), menu: { key: 'campaignsConfig', group: 'plan' } },
  { path: '/messages-api', access: inPlan('useExternalApi', 'admin'), menu: { key: 'messagesApi', group: 'plan' } },
  { path: '/prompts', access: inPlan('useOpenAi', 'admin'), menu: { key: 'prompts', group: 'plan' } },
  { path: '/queue-integration', access: inPlan('useIntegrations', 'admin'), menu: { key: 'queueIntegration', group: 'plan' } },
  { path: '/helps', access: paid({ who: 'member' }), menu: { key: 'helps', group: 'plan' } },
  { path: '/phrase-lists', access: inPlan('useCampaigns', 'admin'), menu: { key: 'phraseLists', group: 'flowbuilder' } },
  { path: '/flowbuilders', access: inPlan('useCampaigns', 'admin'), menu: { key: 'flowbuilders', group: 'flowbuilder' } },
  { path: '/flowbuilder/:id', access: inPlan('useCampaigns', 'admin'), from: '/flowbuilders' },
  { path: '/announcements', access: superOnly, menu: { key: 'announcements', group: 'super' } },
  { path: '/allConnections', access: superOnly, menu: { key: 'allConnections', group: 'super' } },
  { path: '/companies', access: superOnly, menu: { key: 'companies', group: 'super' } },
  {
    path: '/connections',
    access: paid({ who: 'admin', flag: 'allowConnections' }),
    menu: { key: 'connections', group: 'admin' },
  },
  { path: '/simulator/:connectionId', access: admin, from: '/connections' },
  { path: '/users', access: admin, menu: { key: 'users', group: 'admin' } },
  { path: '/queues', access: admin, menu: { key: 'queues', group: 'admin' } },
  { path: '/files', access: admin, menu: { key: 'files', group: 'admin' } },
  // Where an expired company's admin is sent to pay (spec 1 §4.3): open, and offered, without a valid subscription.
  { path: '/financeiro', access: { who: 'admin' }, menu: { key: 'financeiro', group: 'admin' } },
  { path: '/subscription', access: { who: 'admin' }, from: '/financeiro' },
  { path: '/settings', access: admin, menu: { key: 'settings', group: 'admin' } },
];

export const screenOf = (path: string): Screen => {
  const screen = SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`${path} is not in SCREENS`);
  return screen;
};

/** Menu entries (spec 1 §2.4), in the drawer's order: the screens that have one. */
export interface MenuEntry {
  key: MenuKey;
  /** The link the entry opens. */
  path: string;
  group: MenuGroup;
  access: AccessRule;
}

export const MENU: MenuEntry[] = SCREENS.flatMap((s) =>
  s.menu ? [{ key: s.menu.key, path: s.menu.link ?? s.path, group: s.menu.group, access: s.access }] : [],
);

export interface MenuContext extends AccessContext {
  hasHelps: boolean;
  /** Entries whose screens exist in this build; others stay hidden (the rules still apply to them). */
  built: ReadonlySet<MenuKey>;
}

/** Whether a menu entry is visible: its screen's rule, one function for the drawer and its tests. */
export function isMenuEntryVisible(entry: MenuEntry, ctx: MenuContext): boolean {
  if (!ctx.built.has(entry.key)) return false;
  if (entry.key === 'helps' && !ctx.hasHelps) return false; // shown only when the help list is not empty
  return mayAccess(entry.access, ctx);
}
