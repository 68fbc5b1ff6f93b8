import { test } from 'vitest';
import { loginAs, submitLogin } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, shows, toast } from '../src/wait';

const b = useBrowser();

test('a wrong password shows the translated error and stays on /login', async () => {
  const { page } = b;
  await submitLogin(page, ADMIN_EMAIL, 'Errada123');
  await shows(toast(page, 'Erro de autenticação. Por favor, tente novamente.'), 'the ERR_INVALID_CREDENTIALS toast in Portuguese');
  await atPath(page, '/login');
  await shows(page.getByRole('button', { name: 'Entrar', exact: true }), 'the login form still there');
});

test('the admin logs in and is greeted with the company name', async () => {
  const { page } = b;
  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await shows(toast(page, 'Login efetuado com sucesso!'), 'the login success toast');
  // The seeded main company is "Chat-flow" (server/src/composition/seed.ts).
  await shows(page.getByTestId('greeting').filter({ hasText: 'Olá Admin, Bem vindo a Chat-flow!' }), 'the greeting with the company name');
});
