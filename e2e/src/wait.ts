import type { Locator, Page } from 'playwright-core';

/**
 * playwright-core has no `expect`; these wait for a condition the way a person would look for it on
 * the screen, and fail with a message that says what was missing. None of them sleeps a fixed time.
 */
export async function shows(locator: Locator, what: string, timeout = 15_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to see ${what}`);
  }
}

export async function hides(locator: Locator, what: string, timeout = 15_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`expected ${what} to go away`);
  }
}

/** Waits for a path (no origin, no query) to be the page's location. */
export async function atPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(`expected to be on ${pathname}, but the page is at ${new URL(page.url()).pathname}`);
  }
}

/** A toast (notistack renders each as role=alert). They close after 2-3 s, so look for them right after the action. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Waits until no transition runs (a dialog fading in, a tab indicator sliding), so a screenshot or an
 * accessibility check reads the page as a person does; endless animations (spinners) are left out.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
}
