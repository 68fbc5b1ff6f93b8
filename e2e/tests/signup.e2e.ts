import { test } from 'vitest';
import { unique } from '../src/api';
import { useBrowser } from '../src/browser';
import { atPath, shows, toast } from '../src/wait';

const b = useBrowser();

test('a visitor signs up a company and lands in the app as its admin', async () => {
  const { page } = b;
  const tag = unique();
  const company = `Empresa E2E ${tag}`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }).click();
  await atPath(page, '/signup');

  await page.getByLabel('Nome da Empresa').fill(company);
  await page.getByLabel('Seu nome').fill('Maria Souza');
  await page.getByLabel('Email', { exact: true }).fill(`maria-${tag}@example.com`);
  await page.getByLabel('Senha', { exact: true }).fill('Senha123');
  await page.getByLabel('Telefone com (DDD)').fill('5511999990000');
  await page.getByRole('combobox', { name: 'Plano' }).click();
  // The seeded public plan (server/src/composition/seed.ts).
  await page.getByRole('option', { name: /Plano Padrão/ }).click();
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  await shows(toast(page, 'Usuário criado com sucesso!'), 'the signup success toast');
  await atPath(page, '/tickets');
  await shows(
    page.getByTestId('greeting').filter({ hasText: `Olá Maria Souza, Bem vindo a ${company}!` }),
    'the greeting with the new company',
  );
});

test('signup refuses a too-short company name with the form message', async () => {
  const { page } = b;
  await page.goto('/signup');
  await page.getByLabel('Nome da Empresa').fill('X');
  await page.getByLabel('Seu nome').fill('Maria Souza');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await shows(page.getByText('Muito curto!'), 'the "Muito curto!" message under the company name');
  await atPath(page, '/signup');
});
