import { test } from 'vitest';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, shows } from '../src/wait';

const b = useBrowser();

test('a private route sends a logged-out visitor to /login', async () => {
  const { page } = b;
  await page.goto('/users');
  await atPath(page, '/login');
  await shows(page.getByLabel('Email', { exact: true }), 'the login form');
});

test('logout from the user menu ends the session', async () => {
  const { page } = b;
  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await atPath(page, '/login');
  await shows(page.getByRole('button', { name: 'Entrar', exact: true }), 'the login form');

  // The session is really gone: a reload of a private page does not get back in.
  await page.goto('/');
  await atPath(page, '/login');
});
