import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createUser } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, shows } from '../src/wait';

const b = useBrowser();
const ADMIN_ITEMS = ['Usuários', 'Filas & Chatbot', 'Configurações'];

test('the super admin sees the administration items and Empresas', async () => {
  const { page } = b;
  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const label of [...ADMIN_ITEMS, 'Empresas']) await shows(menuLink(page, label), `the "${label}" menu entry`);

  await menuLink(page, 'Usuários').click();
  await atPath(page, '/users');
});

test('a user with profile user sees none of them and gets the 403 page on /users', async () => {
  const { page } = b;
  const user = await createUser({ profile: 'user' });
  await loginAs(page, user.email, user.password);

  // The menu renders from the session user in one pass, so once it is there its entries are final.
  await page.getByRole('navigation', { name: 'menu' }).waitFor({ state: 'attached' });
  for (const label of [...ADMIN_ITEMS, 'Empresas']) {
    expect(await menuLink(page, label).count(), `"${label}" in a user's menu`).toBe(0);
  }

  await page.goto('/users');
  await shows(page.getByText('Oops! Acesso Negado!'), 'the 403 page');
  await atPath(page, '/403');
});

const SHOTS = shotsDir('menu');

/** The side menu's entries, in order, as the person sees them (the labels of its links). */
async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'menu' });
  await nav.waitFor({ state: 'attached' });
  return (await nav.getByRole('link').allInnerTexts()).map((label) => label.trim());
}

/** The menu at both sizes; on the phone it is a drawer the top bar's button opens. */
async function snapMenu(page: Page, name: string) {
  if (!SHOTS) return;
  await snapAtBothSizes(page, SHOTS, `${name}-closed`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.screenshot({ path: `${SHOTS}/${name}-open-390.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('each profile is offered the screens its rules open, and each entry opens its screen', async () => {
  const { page } = b;
  const user = await createUser({ profile: 'user' });
  await loginAs(page, user.email, user.password);
  const agentMenu = await menuLabels(page);
  // The basics and the plan's screens; no management, admin, AI or integration entry ("Acesso Negado").
  expect(agentMenu).toEqual(expect.arrayContaining(['Atendimentos', 'Respostas Rápidas', 'Contatos', 'Tags', 'Tarefas', 'Kanban']));
  for (const label of [
    'Dashboard',
    'Relatórios',
    'Painel de Atendimentos',
    'Open.Ai',
    'Integrações',
    'Campanhas',
    'Usuários',
    'Financeiro',
  ]) {
    expect(agentMenu, `"${label}" in an agent's menu`).not.toContain(label);
  }
  await snapMenu(page, 'user');
  // Each entry lands on its own path (a refused screen would move on to /403 or /).
  for (const label of agentMenu) {
    const href = (await menuLink(page, label).getAttribute('href')) ?? '';
    await menuLink(page, label).click();
    await atPath(page, href);
    expect(await page.getByText('Oops! Acesso Negado!').count(), `${label} opens its screen for an agent`).toBe(0);
  }
  await b.context.clearCookies();
  await page.evaluate(() => localStorage.clear());

  const admin = await createUser({ profile: 'admin' });
  await loginAs(page, admin.email, admin.password);
  const adminMenu = await menuLabels(page);
  expect(adminMenu).toEqual(
    expect.arrayContaining(['Dashboard', 'Relatórios', 'Painel de Atendimentos', 'Open.Ai', 'Integrações', ...ADMIN_ITEMS]),
  );
  expect(adminMenu).not.toContain('Empresas');
  await snapMenu(page, 'admin');
  await menuLink(page, 'Painel de Atendimentos').click();
  await atPath(page, '/moments');
  await menuLink(page, 'Relatórios').click();
  await atPath(page, '/reports');
  await b.context.clearCookies();
  await page.evaluate(() => localStorage.clear());

  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Empresas', 'Informativos', 'Gerenciar Conexões', 'Dashboard']));
  await snapMenu(page, 'super');
});
