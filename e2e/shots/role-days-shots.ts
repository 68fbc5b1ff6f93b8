// Screenshots of a day of each role (issue 31 "a walk through a day of each role") at 1366x768 and 390x844:
// the agent (inbox, a conversation, kanban, internal chat, quick messages, the menu on a phone), the supervisor
// (a user with showDashboard and allowRealTime: dashboard, reports, the live panel), the admin (queues, users,
// connections, settings, campaigns, contacts, schedules) and the operator (the super user: companies, billing,
// every company's connections). Not a test: run by hand after building
//   npx tsx e2e/shots/role-days-shots.ts [output dir]
// It starts the built server (SHOTS_SERVER_DIST and SHOTS_WEB_DIST override server/dist and web/dist) on a fresh
// embedded database and makes the day's company through the API: a queue, a simulator connection, three customers.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiAt } from '../src/api';
import { loginAs } from '../src/auth';
import { launchChromium } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, REPO_ROOT, startServer } from '../src/server';
import { animationsDone } from '../src/wait';

const OUT = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'e2e/screenshots/role-days'));
const SIZES = [
  [1366, 768],
  [390, 844],
] as const;

interface Person {
  role: string;
  email: string;
  password: string;
}

/** The day's company: the main company's admin makes a queue, a simulator connection, three people and three customers. */
async function seed(baseUrl: string): Promise<{ people: Person[]; connectionId: number }> {
  const call = apiAt(baseUrl);
  const { token } = await call<{ token: string }>('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const queue = await call<{ id: number }>(
    'POST',
    '/queue',
    { name: 'Suporte', color: '#1565c0', greetingMessage: 'Olá! Em que posso ajudar?' },
    token,
  );
  const connection = await call<{ id: number }>(
    'POST',
    '/whatsapp',
    { name: 'Atendimento', provider: 'simulator', isDefault: true, queueIds: [queue.id] },
    token,
  );
  await call('POST', '/tags', { name: 'Proposta', color: '#8e24aa', kanban: 1 }, token);
  await call('POST', '/quick-messages', { shortcode: 'ola', message: 'Olá! Obrigado pelo contato, já vou verificar.' }, token).catch(
    () => {},
  );
  const people: Person[] = [];
  const make = async (role: string, extra: Record<string, unknown>) => {
    const person = { role, email: `${role}@dia.example.com`, password: 'Senha123' };
    await call(
      'POST',
      '/users',
      { name: `${role[0].toUpperCase()}${role.slice(1)} da Silva`, ...person, queueIds: [queue.id], ...extra },
      token,
    );
    people.push(person);
  };
  await make('agente', { profile: 'user' });
  await make('supervisora', { profile: 'user', showDashboard: 'enabled', allowRealTime: 'enabled' });
  await make('administradora', { profile: 'admin' });
  people.push({ role: 'operador', email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const customers = [
    [
      '5511987650001',
      'Maria Fernanda Albuquerque de Souza',
      'Olá! Meu pedido 4521 ainda não chegou, podem verificar por favor? Já faz dez dias.',
    ],
    ['5511987650002', 'João Pedro', 'Bom dia, quero trocar o tamanho da camiseta'],
    ['5511987650003', 'Ana', 'Vocês abrem no sábado?'],
  ];
  for (const [from, name, body] of customers) {
    await call('POST', `/simulator/${connection.id}/messages`, { from, name, type: 'text', body }, token);
  }
  return { people, connectionId: connection.id };
}

/** The screens of each role's day: [name, path, what shows once it is drawn]. */
const DAYS: Record<string, [string, string, (p: Page) => ReturnType<Page['locator']>][]> = {
  agente: [
    ['tickets', '/tickets', (p) => p.getByRole('tab', { name: /Aguardando/ })],
    ['kanban', '/Kanban', (p) => p.getByTestId('kanban-card').first()],
    ['chats', '/chats', (p) => p.getByTestId('chat-list')],
    ['quick-messages', '/quick-messages', (p) => p.locator('main h1, main h2, main h4, main h5, main h6').first()],
    ['todolist', '/todolist', (p) => p.locator('main').first()],
  ],
  supervisora: [
    ['dashboard', '/', (p) => p.getByTestId('counter-supportHappening')],
    ['reports', '/reports', (p) => p.locator('main table, main [role="table"]').first()],
    ['moments', '/moments', (p) => p.locator('main').first()],
  ],
  administradora: [
    ['queues', '/queues', (p) => p.getByText('Suporte').first()],
    ['users', '/users', (p) => p.getByText('Agente da Silva').first()],
    ['connections', '/connections', (p) => p.getByTestId('connection-row').first()],
    ['settings', '/settings', (p) => p.getByRole('tab').first()],
    ['campaigns', '/campaigns', (p) => p.getByRole('heading', { name: 'Campanhas' })],
    ['contacts', '/contacts', (p) => p.getByText('João Pedro').first()],
    ['schedules', '/schedules', (p) => p.locator('.rbc-calendar')],
  ],
  operador: [
    ['companies', '/companies', (p) => p.locator('main table').first()],
    ['financeiro', '/financeiro', (p) => p.locator('main').first()],
    ['all-connections', '/allConnections', (p) => p.locator('main').first()],
  ],
};

async function day(browser: Browser, baseUrl: string, person: Person) {
  for (const [width, height] of SIZES) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, locale: 'pt-BR' });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const settled = async () => {
      await page.waitForFunction(() => !document.querySelector('main [role="progressbar"]')).catch(() => {});
      await animationsDone(page);
    };
    const shot = async (name: string) => {
      await settled();
      await page.screenshot({ path: path.join(OUT, `${person.role}-${name}-${width}.png`) });
    };
    await loginAs(page, person.email, person.password);
    if (person.role === 'agente') await agentConversation(page, width, shot);
    for (const [name, url, ready] of DAYS[person.role]) {
      await page.goto(url);
      try {
        await ready(page).waitFor();
      } catch {
        console.log(`${person.role} ${name} ${width}: not drawn in time`);
      }
      await shot(name);
    }
    if (width < 600) {
      await page.getByTestId('menu-toggle').click();
      await shot('menu');
    }
    await context.close();
  }
}

/** The agent accepts a waiting customer, answers with a quick message and opens the contact. */
async function agentConversation(page: Page, width: number, shot: (name: string) => Promise<void>) {
  await page.goto('/tickets');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').first().waitFor();
  await shot('waiting');
  const item = page.getByTestId('ticket-item').filter({ hasText: width > 600 ? 'Maria Fernanda' : 'João Pedro' });
  await item.getByRole('button', { name: 'Aceitar' }).click();
  await page.getByTestId('ticket-header').waitFor();
  const box = page.getByRole('textbox', { name: 'Mensagem', exact: true });
  await box.fill('Olá! Vou verificar o seu pedido agora mesmo, um instante por favor.');
  await box.press('Enter');
  await page.getByTestId('message').filter({ hasText: 'Vou verificar' }).waitFor();
  await shot('conversation');
  await page.getByTestId('open-contact').click();
  await shot('contact');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await page.getByTestId('command-bar-input').fill('Ana');
  await page.locator('[data-testid^="command-ticket-"]').first().waitFor();
  await shot('command-bar');
  await page.keyboard.press('Escape');
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer(
    { WHATSAPP_WEB: 'off', LOG_LEVEL: 'warn' },
    { logName: 'role-days-shots.log', serverDist: process.env.SHOTS_SERVER_DIST, webDist: process.env.SHOTS_WEB_DIST },
  );
  const browser = await launchChromium();
  try {
    const { people } = await seed(server.baseUrl);
    const only = process.env.SHOTS_ROLES?.split(',');
    for (const person of people) if (!only || only.includes(person.role)) await day(browser, server.baseUrl, person);
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`screenshots in ${OUT}`);
}

await main();
