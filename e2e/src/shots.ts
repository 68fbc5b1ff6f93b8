import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Where a scenario leaves its screenshots for people to judge: `$SHOTS_DIR/<name>`. Unset (as on CI), the
 * scenarios take none: a picture at two sizes costs a relayout and a software-rendered frame each.
 */
export function shotsDir(name: string): string | null {
  const root = process.env.SHOTS_DIR;
  if (!root) return null;
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The page as it is now at both sizes the screens are judged at (`<name>-1366.png`, `<name>-390.png`), back at 1366×768 after. */
export async function snapAtBothSizes(page: Page, dir: string, name: string): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}
