import { describe, expect, test } from 'vitest';
import { type Actor, canShowAllTickets, hasPermission } from './permissions';
import { isMenuEntryVisible, MENU, type MenuContext, type MenuKey } from './screens';
import { PLAN_SWITCHES, type PlanSwitches } from './plans';

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
const allOn = Object.fromEntries(PLAN_SWITCHES.map((s) => [s, true])) as PlanSwitches;
const every = new Set(MENU.map((e) => e.key));

function visible(over: Partial<MenuContext> & { actor: Actor }): MenuKey[] {
  const ctx: MenuContext = { plan: allOn, subscriptionValid: true, hasHelps: true, built: every, ...over };
  return MENU.filter((e) => isMenuEntryVisible(e, ctx)).map((e) => e.key);
}

describe('static permission table', () => {
  test('profile user has no permission; admin has each listed key', () => {
    expect(hasPermission(actor(), 'tickets-manager:closeAll')).toBe(false);
    expect(hasPermission(actor({ profile: 'admin' }), 'tickets-manager:closeAll')).toBe(true);
    expect(hasPermission(actor({ profile: 'admin' }), 'dashboard:view')).toBe(true);
  });
  test('allUserChat counts as admin for show-all', () => {
    expect(canShowAllTickets(actor())).toBe(false);
    expect(canShowAllTickets(actor({ allUserChat: 'enabled' }))).toBe(true);
  });
});

describe('side menu visibility (spec 1 §2.4)', () => {
  test('a plain user sees the basics and plan entries, never admin or super entries', () => {
    const keys = visible({ actor: actor() });
    expect(keys).toEqual(expect.arrayContaining(['tickets', 'quickMessages', 'contacts', 'tags', 'kanban', 'helps']));
    for (const k of [
      'users',
      'queues',
      'settings',
      'financeiro',
      'companies',
      'dashboard',
      'moments',
      'connections',
      'messagesApi',
    ] as const) {
      expect(keys).not.toContain(k);
    }
  });
  test('user flags open the management group and connections', () => {
    expect(visible({ actor: actor({ showDashboard: 'enabled' }) })).toEqual(expect.arrayContaining(['dashboard', 'reports']));
    expect(visible({ actor: actor({ allowRealTime: 'enabled' }) })).toContain('moments');
    expect(visible({ actor: actor({ allowConnections: 'enabled' }) })).toContain('connections');
  });
  test('admin sees administration; super alone sees companies, announcements, all connections', () => {
    const admin = visible({ actor: actor({ profile: 'admin' }) });
    expect(admin).toEqual(expect.arrayContaining(['users', 'queues', 'settings', 'financeiro', 'files', 'connections', 'dashboard']));
    expect(admin).not.toContain('companies');
    expect(visible({ actor: actor({ profile: 'admin', super: true }) })).toEqual(
      expect.arrayContaining(['companies', 'announcements', 'allConnections']),
    );
  });
  test('plan switches hide their entries', () => {
    const keys = visible({ actor: actor({ profile: 'admin' }), plan: { ...allOn, useKanban: false, useCampaigns: false } });
    expect(keys).not.toContain('kanban');
    expect(keys).not.toContain('campaigns');
    expect(keys).not.toContain('flowbuilders');
  });
  test('an expired subscription leaves the basics, and Financeiro to an admin (where the renewal is paid)', () => {
    expect(visible({ actor: actor({ profile: 'admin', super: true }), subscriptionValid: false }).sort()).toEqual([
      'contacts',
      'financeiro',
      'quickMessages',
      'tags',
      'tickets',
      'todolist',
    ]);
    expect(visible({ actor: actor(), subscriptionValid: false })).not.toContain('financeiro');
  });
  test('a plain user is offered no admin screen behind a plan switch (AI prompts, integrations, campaigns, flows)', () => {
    const keys = visible({ actor: actor({ showDashboard: 'enabled', allowRealTime: 'enabled', allowConnections: 'enabled' }) });
    for (const k of [
      'prompts',
      'queueIntegration',
      'campaigns',
      'campaignsConfig',
      'messagesApi',
      'flowbuilders',
      'phraseLists',
    ] as const) {
      expect(keys).not.toContain(k);
    }
    expect(keys).toEqual(expect.arrayContaining(['dashboard', 'reports', 'moments', 'connections', 'contactLists', 'schedules']));
  });
  test('helps only when the list is not empty; unbuilt screens stay hidden', () => {
    expect(visible({ actor: actor(), hasHelps: false })).not.toContain('helps');
    expect(visible({ actor: actor({ profile: 'admin' }), built: new Set<MenuKey>(['users']) })).toEqual(['users']);
  });
});
