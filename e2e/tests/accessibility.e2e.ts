import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';

const b = useBrowser();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string;
  targets: string[];
}

/** axe-core's critical and serious findings on the page as it is now (issue 31: the bar is none). */
async function blockingViolations(page: Page): Promise<Finding[]> {
  // Evaluated, not added as a <script>: the app's strict CSP (script-src 'self') blocks inline scripts.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the injected script defines
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
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
 * The side menu's list structure is fixed; every signed-in screen still fails on the notifications
 * button (label-content-name-mismatch), so they are not asserted here yet: see issue 31's report.
 */
test('the side menu of a signed-in screen is list markup axe accepts', async () => {
  const { page } = b;
  await loginAs(page, 'admin@chatflow.local', 'Admin123');
  await page.goto('/tags');
  await page.locator('main').first().waitFor();
  expect((await blockingViolations(page)).filter((v) => v.id === 'list')).toEqual([]);
});
