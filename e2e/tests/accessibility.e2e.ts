import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminToken, apiLogin, apiPost, createUser } from '../src/api';
import { useBrowser } from '../src/browser';
import { acceptedConversation, conversationMessage } from '../src/conversation';
import { createInbox } from '../src/inbox';
import { animationsDone, shows } from '../src/wait';

const b = useBrowser();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string;
  targets: string[];
}

/** axe-core's critical and serious findings on the page as it is now (issue 31: the bar is none). */
async function blockingViolations(page: Page): Promise<Finding[]> {
  // Nothing half-drawn: a fading dialog or a loading spinner is not what a person reads.
  await animationsDone(page);
  // Evaluated, not added as a <script>: the app's strict CSP (script-src 'self') blocks inline scripts.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    // react-big-calendar's month rows holding events (other scenarios' schedules this month) are role=row without
    // gridcells (aria-required-children): the library's markup, not ours; listed as open in issue 31's closing note.
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the injected script defines
    const result = await (window as any).axe.run({ exclude: [['.rbc-month-row .rbc-row-content']] }, { resultTypes: ['violations'] });
    return result.violations.map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return (found as Finding[]).filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

test('login has no critical or serious accessibility violation', async () => {
  await b.page.goto('/login');
  await b.page.getByLabel('Email', { exact: true }).waitFor();
  expect(await blockingViolations(b.page)).toEqual([]);
});

/**
 * An agent's day in order (issue 31): the inbox with a conversation open and a reply sent, the command bar,
 * kanban, the schedules calendar, contacts, dashboard, connections, queues, settings, campaigns and the
 * internal chat. Every screen is checked; the failure lists each screen's findings.
 */
test('the main signed-in screens have no critical or serious accessibility violation', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  const token = await adminToken();
  await apiPost('/tags', { name: `Proposta ${inbox.tag}`, color: '#8e24aa', kanban: 1 }, token);
  const colleague = await createUser({ profile: 'user' });
  const chat = `Equipe ${inbox.tag}`;
  await apiPost(
    '/chats',
    { title: chat, users: [{ id: colleague.id, name: colleague.name }] },
    await apiLogin(inbox.agent.email, inbox.agent.password),
  );

  const found: Record<string, Finding[]> = {};
  await acceptedConversation(page, inbox, contact);
  const replyBox = page.getByRole('textbox', { name: 'Mensagem', exact: true });
  await replyBox.fill('Olá! Vou verificar seu pedido.');
  await replyBox.press('Enter');
  await shows(conversationMessage(page, 'Vou verificar seu pedido'), 'the reply in the conversation');
  found.inbox = await blockingViolations(page);

  await page.keyboard.press('Control+k');
  await page.getByTestId('command-bar-input').fill('Cliente');
  await shows(page.locator('[data-testid^="command-ticket-"]'), 'a ticket among the command bar results');
  found.commandBar = await blockingViolations(page);
  await page.keyboard.press('Escape');

  const screens: [string, string, (p: Page) => Locator][] = [
    ['kanban', '/Kanban', (p) => p.getByTestId('kanban-card').filter({ hasText: contact })],
    ['schedules', '/schedules', (p) => p.locator('.rbc-calendar')],
    // The run shares one company: this test's contact may be past the first page, so any loaded row will do.
    ['contacts', '/contacts', (p) => p.getByRole('row').nth(1)],
    ['dashboard', '/', (p) => p.getByTestId('counter-supportHappening')],
    ['connections', '/connections', (p) => p.getByTestId('connection-row')],
    ['queues', '/queues', (p) => p.getByText(inbox.queueName)],
    ['settings', '/settings', (p) => p.getByRole('tab').first()],
    ['campaigns', '/campaigns', (p) => p.getByRole('heading', { name: 'Campanhas' })],
    ['chat', '/chats', (p) => p.getByTestId('chat-item').filter({ hasText: chat })],
  ];
  for (const [name, path, ready] of screens) {
    await page.goto(path);
    await shows(ready(page), `the ${name} screen`);
    if (name === 'chat') await ready(page).click();
    await page.waitForFunction(() => !document.querySelector('main [role="progressbar"]'));
    found[name] = await blockingViolations(page);
  }
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
});
