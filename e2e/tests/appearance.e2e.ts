import { expect, test } from 'vitest';
import { createUser } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { shows } from '../src/wait';

const b = useBrowser();

test('the theme toggle survives a reload', async () => {
  const { page } = b;
  // An admin of its own: the theme is saved on the user, and the shared admin should stay light.
  const admin = await createUser({ profile: 'admin' });
  await loginAs(page, admin.email, admin.password);

  const toggle = page.getByTestId('theme-toggle');
  expect(await toggle.getAttribute('data-mode')).toBe('light');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/users/${admin.id}`) && r.request().method() === 'PUT');
  await toggle.click();
  await shows(page.locator('[data-testid="theme-toggle"][data-mode="dark"]'), 'the toggle in dark mode');
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await shows(page.locator('[data-testid="theme-toggle"][data-mode="dark"]'), 'dark mode after the reload');
});

test('the language choice survives a reload', async () => {
  const { page } = b;
  const admin = await createUser({ profile: 'admin' });
  await loginAs(page, admin.email, admin.password);
  await shows(menuLink(page, 'Usuários'), 'the menu in Portuguese');

  await page.getByTestId('language-button').click();
  await page.locator('[role="menuitem"][data-lang="en"]').click();
  await shows(menuLink(page, 'Users'), 'the menu in English');

  await page.reload();
  await shows(menuLink(page, 'Users'), 'the menu still in English after the reload');
  expect(await menuLink(page, 'Usuários').count()).toBe(0);
});
