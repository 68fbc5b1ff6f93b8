import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { REPO_ROOT } from './server';

/** Debian's Chromium; playwright's own browser download does not work here (ARCHITECTURE "Stack"). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e/screenshots');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface BrowserSession {
  /** The current test's page, in a context (cookies, local storage) of its own. */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseUrl: string;
  /**
   * Another browser context beside the test's own (a second person, or the same person on another
   * computer), with the same options and the same Content-Security-Policy watch; closed after the test.
   */
  openContext(): Promise<BrowserContext>;
}

const fileSafe = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120);

/**
 * One Chromium per test file and a fresh context per test, so no session, token or preference leaks
 * from one scenario into the next. A failing test leaves a full-page screenshot in e2e/screenshots/
 * and prints the page's uncaught errors.
 */
export function useBrowser(): BrowserSession {
  const baseUrl = inject('baseUrl');
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let pageErrors: string[] = [];
  let cspViolations: string[] = [];
  let extraContexts: BrowserContext[] = [];

  async function newWatchedContext(): Promise<BrowserContext> {
    if (!browser) throw new Error('browser did not start');
    // Wider than 600 px, so the side menu is a permanent drawer that starts open (spec 1 §2.4).
    const created = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
    created.setDefaultTimeout(15_000);
    created.setDefaultNavigationTimeout(30_000);
    // Every page of the context (a second tab, a popup) reports what the Content-Security-Policy blocked.
    created.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(`${msg.page()?.url() ?? ''}: ${msg.text()}`);
    });
    return created;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    cspViolations = [];
    context = await newWatchedContext();
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${fileSafe(`${task.file?.name ?? ''}-${task.name}`)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`screenshot: ${file}\nurl: ${page.url()}${pageErrors.length ? `\npage errors:\n${pageErrors.join('\n')}` : ''}`);
    }
    await context?.close();
    // Closing twice is harmless: a helper may close its context as soon as it is done with it.
    for (const extra of extraContexts) await extra.close();
    extraContexts = [];
    context = null;
    page = null;
    // The app runs under a strict CSP (server/src/http/security-headers.ts): a screen that needs more
    // than it allows is broken for users, so any violation fails the scenario that met it.
    if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
  });

  return {
    baseUrl,
    async openContext() {
      const extra = await newWatchedContext();
      extraContexts.push(extra);
      return extra;
    },
    get page() {
      if (!page) throw new Error('no page outside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('no context outside a test');
      return context;
    },
  };
}
