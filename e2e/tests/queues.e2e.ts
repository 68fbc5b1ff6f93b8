import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

const rowOf = (page: Page, text: string) => page.getByRole('table', { name: 'Filas & Chatbot' }).getByRole('row').filter({ hasText: text });

/** A colour no other scenario picks: colours are unique per company. */
const colorFrom = (tag: string) =>
  `#${tag
    .replace(/[^0-9a-f]/gi, '0')
    .slice(0, 6)
    .padEnd(6, '0')}`.toLowerCase();

test('an admin creates a queue and sees it in the queues table', async () => {
  const { page } = b;
  const tag = unique();
  const name = `Vendas ${tag}`;
  const color = colorFrom(tag);
  const greeting = `Olá! Você está na fila de vendas ${tag}.`;

  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await menuLink(page, 'Filas & Chatbot').click();
  await atPath(page, '/queues');

  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
  await shows(dialog, 'the add-queue modal');
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  // The colour is typed in its text field (the swatch beside it is the browser's colour picker, also named "Cor").
  await dialog.getByRole('textbox', { name: 'Cor' }).and(dialog.locator('input[type="text"]')).fill(color);
  await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill(greeting);
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
  await hides(dialog, 'the add-queue modal');

  await shows(rowOf(page, name).filter({ hasText: greeting }), 'the new queue with its greeting in the table');
  await shows(rowOf(page, name).getByLabel(color), 'the queue colour swatch');

  // Stored on the server: still listed after a reload.
  await page.reload();
  await shows(rowOf(page, name), 'the queue after a reload');

  await rowOf(page, name).getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir ${name}?` });
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await shows(toast(page, 'Fila excluída com sucesso.'), 'the queue deleted toast');
  await hides(rowOf(page, name), 'the deleted queue row');
});
