import type { Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { apiGet, apiLogin, apiPut, createUser, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox, customerNumber, customerSays, pendingTicketsOf } from '../src/inbox';
import { atPath, shows } from '../src/wait';
import { shotsDir } from '../src/shots';

const b = useBrowser();
const SHOTS = shotsDir('dashboard');

/** The page at both sizes the screens are judged at (spec: 1366×768 and 390×844). */
async function snap(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the dashboard, the report with a ticket log and the live panel on seeded data', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const agentToken = await apiLogin(inbox.agent.email, inbox.agent.password);
  const names = ['Ana', 'Bruno', 'Carla', 'Diego'].map((n) => `${n} ${inbox.tag} com um nome bem comprido de cliente`);
  for (const name of names)
    await customerSays(inbox.connectionId, customerNumber(), name, `Olá, preciso de ajuda com o pedido ${unique()}`);
  const tickets = await pendingTicketsOf(agentToken, inbox.tag, names.length);
  const agentId = (await apiGet<{ id: number }>('/auth/me', agentToken)).id;
  // Two accepted by the agent; one of them closed.
  for (const ticket of tickets.slice(0, 2)) await apiPut(`/tickets/${ticket.id}`, { status: 'open', userId: agentId }, agentToken);
  await apiPut(`/tickets/${tickets[0].id}`, { status: 'closed' }, agentToken);

  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.goto('/');
  await atPath(page, '/');
  await shows(page.getByTestId('counter-supportHappening'), 'the Indicadores counters');
  await shows(page.getByTestId('chart-by-user').locator('svg').first(), 'the tickets-per-user chart');
  await snap(page, 'dashboard-indicators');
  await page.getByTestId('tab-nps').click();
  await shows(page.getByTestId('nps-score'), 'the NPS tab');
  await snap(page, 'dashboard-nps');
  await page.getByTestId('tab-attendants').click();
  await shows(page.getByTestId('attendants-table').getByText(inbox.agent.name), 'the agent in the Atendentes tab');
  await snap(page, 'dashboard-attendants');

  await page.goto('/reports');
  await atPath(page, '/reports');
  const closedRow = page.getByTestId(`report-row-${tickets[0].id}`);
  await shows(closedRow, 'the closed ticket in the report');
  await page.getByTestId(`report-log-${tickets[0].id}`).click();
  await shows(page.getByTestId('report-ticket-log').locator('li').first(), 'the ticket log');
  await snap(page, 'reports-log');
  await page.keyboard.press('Escape');

  await page.goto('/moments');
  await atPath(page, '/moments');
  const pending = page.getByTestId('panel-card-pending');
  await shows(pending.getByTestId(`panel-ticket-${tickets[3].id}`), 'a waiting ticket under Pendentes');
  // Live: a new customer writes while the panel is open; the card gets the ticket without a reload.
  const late = `Eva ${inbox.tag}`;
  await customerSays(inbox.connectionId, customerNumber(), late, 'Acabei de chegar');
  await shows(pending.getByText(late), 'the new ticket arriving live under Pendentes');
  await snap(page, 'moments-live');
});

test('an empty company: zeros, empty charts, an empty report and panel', async () => {
  const { page } = b;
  const tag = unique();
  const plans = await fetch(`${inject('baseUrl')}/plans/list?listPublic=true`).then((r) => r.json() as Promise<{ id: number }[]>);
  const email = `e2e-empty-${tag}@example.com`;
  const res = await fetch(`${inject('baseUrl')}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: `Vazia ${tag}`,
      name: `Dona ${tag}`,
      email,
      password: 'Senha123',
      phone: '5511999990000',
      planId: plans[0].id,
    }),
  });
  if (!res.ok) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  await loginAs(page, email, 'Senha123');
  await page.goto('/');
  await shows(page.getByTestId('counter-tickets-value').getByText('0'), 'the zero counters');
  await snap(page, 'empty-dashboard-indicators');
  await page.getByTestId('tab-nps').click();
  await shows(page.getByText('Nenhuma avaliação no período'), 'the NPS empty state');
  await snap(page, 'empty-dashboard-nps');
  await page.getByTestId('tab-attendants').click();
  await shows(page.getByTestId('attendants-table'), 'the owner alone in the attendants');
  await snap(page, 'empty-dashboard-attendants');
  await page.goto('/reports');
  await shows(page.getByText('Nenhum registro encontrado'), 'the empty report');
  await snap(page, 'empty-reports');
  await page.goto('/moments');
  await shows(page.getByTestId('moments-empty'), 'the empty panel');
  await snap(page, 'empty-moments');
});

test('a profile user without showDashboard gets the 403 page at / and /reports', async () => {
  const { page } = b;
  const user = await createUser({ profile: 'user' });
  await loginAs(page, user.email, user.password);
  await page.goto('/');
  await shows(page.getByText('Oops! Acesso Negado!'), 'the 403 page');
  await page.goto('/reports');
  await shows(page.getByText('Oops! Acesso Negado!'), 'the 403 page on the report');
});
