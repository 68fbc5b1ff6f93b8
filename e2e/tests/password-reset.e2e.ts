import { test } from 'vitest';
import { createUser } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { logMark, resetCodeFor } from '../src/server-log';
import { atPath, shows, toast } from '../src/wait';

const b = useBrowser();

test('a user resets a forgotten password with the code and logs in with the new one', async () => {
  const { page } = b;
  // Its own user, so the shared admin's password stays what the other scenarios use.
  const user = await createUser({ profile: 'user' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await atPath(page, '/forgetpsw');
  await page.getByLabel('Digite seu email').fill(user.email);
  const mark = logMark();
  await page.getByRole('button', { name: 'Enviar Email' }).click();
  await shows(toast(page, 'Email enviado com sucesso!'), 'the e-mail sent toast');

  const code = await resetCodeFor(user.email, mark);
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByLabel('Nova senha').fill('NovaSenha1');
  await page.getByLabel('Confirme a senha').fill('NovaSenha1');
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();

  await shows(toast(page, 'Senha redefinida com sucesso.'), 'the password reset toast');
  await atPath(page, '/login');
  await loginAs(page, user.email, 'NovaSenha1');
  await shows(page.getByTestId('greeting').filter({ hasText: user.name }), 'the greeting with the user name');
});

test('an unknown e-mail is told apart', async () => {
  const { page } = b;
  await page.goto('/forgetpsw');
  await page.getByLabel('Digite seu email').fill('ninguem-aqui@example.com');
  await page.getByRole('button', { name: 'Enviar Email' }).click();
  await shows(toast(page, 'Email não encontrado'), 'the "Email não encontrado" toast');
  await atPath(page, '/forgetpsw');
});
