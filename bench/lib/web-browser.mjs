import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

// playwright-core is the e2e workspace's; loaded from there rather than added to the bench's manifest.
const { chromium } = createRequire(path.join(REPO_ROOT, 'e2e/package.json'))('playwright-core');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The e2e suite's flags: software rendering (no GPU on the bench machine), no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** A common laptop screen: wide enough for the list beside the conversation (the "wide" layout). */
export const VIEWPORT = { width: 1366, height: 900 };

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (no cache, no storage) with the page the app's users see, in Portuguese. */
export async function newPage(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'pt-BR' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** The login form as a person fills it; the app then lands on /tickets and lists the agent's tickets. */
export async function loginInBrowser(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/tickets/);
  await page.getByTestId('ticket-item').first().waitFor();
}
