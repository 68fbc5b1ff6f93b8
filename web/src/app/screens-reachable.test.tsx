import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type Actor,
  isMenuEntryVisible,
  MENU,
  type MenuContext,
  mayAccess,
  PLAN_SWITCHES,
  type PlanSwitches,
  SCREENS,
  type Screen,
} from '@chatflow/contract';
import { expect, test } from 'vitest';
import { router } from './router';
import { BUILT_MENU_KEYS } from './shell/menu-items';

/** Router paths that are no screen of anyone's work: the error page and the catch-all. */
const NOT_SCREENS = ['/403', '*'];

/**
 * Where each screen outside the menu is linked from: the file of its `from` screen that holds the link,
 * and, where that screen lets in more people than the linked one, the condition that hides the link.
 */
const LINKED_IN: Record<string, { file: string; link: string; shownOnlyIf?: string }> = {
  '/contacts/import': { file: 'features/contacts/components/ImportExportMenu.tsx', link: "'/contacts/import'" },
  '/TagsKanban': { file: 'features/kanban/components/BoardFilters.tsx', link: "'/TagsKanban'", shownOnlyIf: '{canManageLanes && (' },
  '/campaign/:campaignId/report': { file: 'features/campaigns/CampaignsPage.tsx', link: '`/campaign/' },
  '/contact-lists/:contactListId/contacts': {
    file: 'features/contact-lists/ContactListsPage.tsx',
    link: '`/contact-lists/',
    shownOnlyIf: "useCanOpen('/contact-lists/:contactListId/contacts')",
  },
  '/flowbuilder/:id': { file: 'features/flows/FlowsPage.tsx', link: '`/flowbuilder/' },
};
/** Screens no page links to yet (known gaps, left to their features): this list may only shrink. */
const NOT_LINKED_YET = ['/subscription', '/simulator/:connectionId'];

const actor = (over: Partial<Actor> = {}): Actor => ({
  id: 1,
  companyId: 2,
  profile: 'user',
  super: false,
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  ...over,
});
const plans = (on: boolean) => Object.fromEntries(PLAN_SWITCHES.map((s) => [s, on])) as PlanSwitches;

/** Every kind of user the rules tell apart, on a plan with every switch and with none, paid up or expired. */
const CONTEXTS: { name: string; ctx: MenuContext }[] = [
  ['user', actor()],
  ['user with showDashboard', actor({ showDashboard: 'enabled' })],
  ['user with allowRealTime', actor({ allowRealTime: 'enabled' })],
  ['user with allowConnections', actor({ allowConnections: 'enabled' })],
  ['admin', actor({ profile: 'admin' })],
  ['super', actor({ profile: 'admin', super: true })],
].flatMap(([name, a]) =>
  [true, false].flatMap((planOn) =>
    [true, false].map((subscriptionValid) => ({
      name: `${name}, plan ${planOn ? 'with' : 'without'} switches, ${subscriptionValid ? 'paid' : 'expired'}`,
      ctx: { actor: a as Actor, plan: plans(planOn), subscriptionValid, hasHelps: true, built: BUILT_MENU_KEYS },
    })),
  ),
);

const routerPaths = () => (router.routes.find((r) => r.children)?.children ?? []).map((r) => r.path as string);
const byPath = (path: string) => SCREENS.find((s) => s.path === path) as Screen;

/** How a user reaches a screen: its menu entry, or the screen that links to it, reached the same way. */
function reachable(screen: Screen, ctx: MenuContext): boolean {
  const entry = MENU.find((e) => e.key === screen.menu?.key);
  if (entry) return isMenuEntryVisible(entry, ctx);
  return screen.from !== undefined && mayAccess(screen.access, ctx) && reachable(byPath(screen.from), ctx);
}

test('the router opens exactly the screens of the contract, each behind its rule', () => {
  const paths = routerPaths().filter((p) => !NOT_SCREENS.includes(p));
  expect(paths.sort()).toEqual(SCREENS.map((s) => s.path).sort());
});

test('every screen is reachable from the menu by each user its rule lets in, and offered to no one else', () => {
  const wrong: string[] = [];
  for (const screen of SCREENS) {
    for (const { name, ctx } of CONTEXTS) {
      const may = mayAccess(screen.access, ctx);
      const offered = reachable(screen, ctx);
      if (may && !offered) wrong.push(`${screen.path}: ${name} may open it but finds no way there`);
      if (!may && offered) wrong.push(`${screen.path}: offered to ${name}, who would get "Acesso Negado"`);
    }
  }
  expect(wrong).toEqual([]);
});

test('a screen outside the menu is linked from the page of the screen it names as `from`', () => {
  const outside = SCREENS.filter((s) => !s.menu).map((s) => s.path);
  expect(outside.sort()).toEqual([...Object.keys(LINKED_IN), ...NOT_LINKED_YET].sort());
  for (const [path, { file, link }] of Object.entries(LINKED_IN)) {
    const source = readFileSync(resolve(import.meta.dirname, '..', file), 'utf8');
    expect(source, `${file} links to ${path}`).toContain(link);
    // The linking page is the `from` screen's own page (the router loads it for that path).
    const from = byPath(path).from as string;
    const routerSource = readFileSync(resolve(import.meta.dirname, 'router.tsx'), 'utf8');
    const feature = file.split('/')[1];
    expect(routerSource).toMatch(
      new RegExp(`screen\\('${from.replace(/[/:?]/g, '\\$&')}', \\(\\) => import\\('\\.\\./features/${feature}/`),
    );
  }
  // A link shown to someone the linked screen refuses is a door to "Acesso Negado": such links are conditional.
  for (const [path, { file, shownOnlyIf }] of Object.entries(LINKED_IN)) {
    const screen = byPath(path);
    const wider = CONTEXTS.some(({ ctx }) => mayAccess(byPath(screen.from as string).access, ctx) && !mayAccess(screen.access, ctx));
    expect(shownOnlyIf !== undefined, `${path} needs its link hidden from some who open ${screen.from}`).toBe(wider);
    if (shownOnlyIf) expect(readFileSync(resolve(import.meta.dirname, '..', file), 'utf8')).toContain(shownOnlyIf);
  }
  for (const path of NOT_LINKED_YET) {
    const linked = Object.values(LINKED_IN).some(({ link }) => link.includes(path.split('/:')[0]));
    expect(linked).toBe(false);
  }
});

test('the plain user, the admin and the super user are offered what the rules of spec 1 §2.4 say', () => {
  const keys = (a: Actor) =>
    MENU.filter((e) =>
      isMenuEntryVisible(e, { actor: a, plan: plans(true), subscriptionValid: true, hasHelps: true, built: BUILT_MENU_KEYS }),
    ).map((e) => e.key);
  expect(keys(actor())).toEqual([
    'tickets',
    'quickMessages',
    'contacts',
    'tags',
    'todolist',
    'kanban',
    'schedules',
    'chats',
    'contactLists',
    'helps',
  ]);
  const admin = keys(actor({ profile: 'admin' }));
  expect(admin).toEqual(expect.arrayContaining(['dashboard', 'reports', 'moments', 'prompts', 'queueIntegration', 'users', 'financeiro']));
  expect(admin).not.toContain('companies');
  expect(keys(actor({ profile: 'admin', super: true }))).toEqual(expect.arrayContaining(['companies', 'announcements', 'allConnections']));
});
