import { afterAll, expect, inject, test } from 'vitest';
import { adminToken, createUser, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';

const b = useBrowser();

/** The whitelabel is platform-wide: put the seeded values back for the other scenarios. */
afterAll(async () => {
  const token = await adminToken();
  for (const [key, value] of [
    ['appName', 'Chat-flow'],
    ['primaryColorLight', '#2563eb'],
  ]) {
    await fetch(`${inject('baseUrl')}/settings/${key}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value }),
    });
  }
});

test('the super user changes the app name and primary colour; another open session repaints without a reload', async () => {
  const agent = await createUser({ profile: 'user' });
  const other = await b.openContext();
  const watcher = await other.newPage();
  await loginAs(watcher, agent.email, agent.password);
  // A marker on the window: a reload would lose it.
  await watcher.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const { page } = b;
  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/settings?tab=whitelabel');
  const appName = `Atende ${unique()}`;
  const name = page.getByLabel('Nome do sistema');
  await name.fill(appName);
  await name.press('Enter');
  const colour = page.getByRole('textbox', { name: 'Cor primária (tema claro)', exact: true });
  await colour.fill('#aa00cc');
  await colour.press('Enter');

  await watcher.waitForFunction((expected) => document.title === expected, appName, { timeout: 15_000 });
  await watcher.waitForFunction(
    () => getComputedStyle(document.querySelector('header.MuiAppBar-root') as Element).backgroundColor === 'rgb(170, 0, 204)',
    undefined,
    { timeout: 15_000 },
  );
  expect(await watcher.getByRole('img', { name: appName }).count()).toBeGreaterThan(0);
  expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The operator's own screen follows too.
  await page.waitForFunction((expected) => document.title === expected, appName, { timeout: 15_000 });
  // So does the installable app's manifest (afterAll puts the default name back for the other files).
  const manifest = await watcher.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ name: appName, short_name: appName });
});
