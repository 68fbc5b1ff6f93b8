import { SCREENS } from '@chatflow/contract';
import { expect, test } from 'vitest';
import { ROUTE_ACCESS } from './route-access';

/**
 * The call each screen of the web app cannot work without, so the screen's rule (the contract's SCREENS,
 * which the menu and the router follow) and that route's row here say the same: a screen offered to
 * someone its data refuses, or hidden from someone its data serves, fails.
 */
const SCREEN_CALLS: Record<string, string> = {
  '/': 'GET /dashboard',
  '/reports': 'GET /ticketreport/reports',
  '/moments': 'GET /dashboard/moments',
  '/tickets/:uuid?': 'GET /tickets',
  '/quick-messages': 'GET /quick-messages',
  '/contacts': 'GET /contacts',
  '/contacts/import': 'POST /contacts/import/rows',
  '/tags': 'GET /tags',
  '/Kanban': 'GET /ticket/kanban',
  '/TagsKanban': 'GET /tag/kanban',
  '/schedules': 'GET /schedules',
  '/chats/:uuid?': 'GET /chats',
  '/campaigns': 'GET /campaigns',
  '/campaign/:campaignId/report': 'GET /campaigns/:id/shipping',
  '/contact-lists': 'GET /contact-lists',
  '/contact-lists/:contactListId/contacts': 'GET /contact-list-items',
  '/campaigns-config': 'GET /campaign-settings',
  '/prompts': 'GET /prompt',
  '/queue-integration': 'GET /queueIntegration',
  '/helps': 'GET /helps/list',
  '/phrase-lists': 'GET /flowcampaign',
  '/flowbuilders': 'GET /flowbuilder',
  '/flowbuilder/:id': 'GET /flowbuilder/flow/:id',
  '/announcements': 'POST /announcements',
  '/allConnections': 'GET /whatsapp/all',
  '/companies': 'GET /companies',
  '/connections': 'POST /whatsapp-restart',
  '/simulator/:connectionId': 'GET /simulator/:connectionId/messages',
  '/users': 'GET /users',
  '/queues': 'POST /queue',
  '/files': 'GET /files',
  '/financeiro': 'GET /invoices/all',
  '/subscription': 'POST /subscription',
  '/settings': 'GET /settings',
};

/** Screens whose rule is narrower than their calls' on purpose, and why. */
const NARROWER: Record<string, string> = {
  // The TagsKanban screen edits lanes (spec 3: "+ Adicionar colunas" needs dashboard:view); the lanes' list is every member's board.
  '/TagsKanban': 'admin',
  // The flow builder's menu group answers to the campaigns switch (spec 1 §2.4 puts it beside campaigns); the routes need only an admin.
  '/phrase-lists': 'useCampaigns',
  '/flowbuilders': 'useCampaigns',
  '/flowbuilder/:id': 'useCampaigns',
};

test('each screen answers to the same rule as the call it is built on', () => {
  const wrong: string[] = [];
  for (const screen of SCREENS) {
    const route = SCREEN_CALLS[screen.path];
    if (!route) {
      // Screens with no call of their own: the to-do list (kept in the browser) and the external API's help page.
      if (!['/todolist', '/messages-api'].includes(screen.path)) wrong.push(`${screen.path} names no call`);
      continue;
    }
    const row = ROUTE_ACCESS[route];
    if (!row) {
      wrong.push(`${screen.path}: ${route} has no row`);
      continue;
    }
    const { who, flag, plan } = screen.access;
    const narrower = NARROWER[screen.path];
    // Equal, or narrower on the screen where NARROWER says so (by the field's name or the screen's value).
    const same = (a: unknown, b: unknown, name: string) => a === b || (narrower !== undefined && (narrower === name || narrower === a));
    if (!same(who, row.who, 'who')) wrong.push(`${screen.path} is for ${who}, ${route} for ${row.who}`);
    if (!same(flag, row.flag, 'flag')) wrong.push(`${screen.path} takes the flag ${flag}, ${route} ${row.flag}`);
    if (!same(plan, row.plan, 'plan')) wrong.push(`${screen.path} needs ${plan}, ${route} ${row.plan}`);
  }
  expect(wrong).toEqual([]);
});
