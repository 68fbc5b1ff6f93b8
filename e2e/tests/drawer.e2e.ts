import { expect, test } from 'vitest';
import { createUser } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
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
