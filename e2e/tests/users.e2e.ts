import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

const usersTable = (page: Page) => page.getByRole('table', { name: 'Usuários' });
const rowOf = (page: Page, text: string) => usersTable(page).getByRole('row').filter({ hasText: text });

/** Types in the list's search box (it searches from 3 characters, after a 500 ms pause). */
async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(term);
}

test('an admin adds, edits and deletes a user from the users page', async () => {
  const { page } = b;
  const tag = unique();
  const name = `Joana ${tag}`;
  const email = `joana-${tag}@example.com`;

  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await menuLink(page, 'Usuários').click();
  await atPath(page, '/users');

  // Add
  await page.getByRole('button', { name: 'Adicionar usuário' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
  await shows(addDialog, 'the add-user modal');
  await addDialog.getByLabel('Nome', { exact: true }).fill(name);
  await addDialog.getByLabel('E-mail', { exact: true }).fill(email);
  await addDialog.getByLabel('Senha', { exact: true }).fill('Senha123');
  await addDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(toast(page, 'Usuário salvo com sucesso.'), 'the user saved toast');
  await hides(addDialog, 'the add-user modal');
  await search(page, tag);
  await shows(
    rowOf(page, email).filter({ hasText: name }).filter({ hasText: 'Usuário' }),
    'the new user in the list, with profile Usuário',
  );

  // Edit: the new name is saved on the server, so it is still there after a reload.
  await rowOf(page, email).getByRole('button', { name: 'Editar' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar usuário' });
  const nameField = editDialog.getByLabel('Nome', { exact: true });
  await shows(nameField, 'the edit-user modal');
  await page.waitForFunction((el) => (el as HTMLInputElement | null)?.value !== '', await nameField.elementHandle());
  await nameField.fill(`${name} Editada`);
  await editDialog.getByRole('button', { name: 'Salvar' }).click();
  await shows(toast(page, 'Usuário salvo com sucesso.'), 'the user saved toast after the edit');
  await hides(editDialog, 'the edit-user modal');
  await page.reload();
  await search(page, tag);
  await shows(rowOf(page, email).filter({ hasText: `${name} Editada` }), 'the edited name after a reload');

  // Delete, after confirming.
  await rowOf(page, email).getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir ${name} Editada?` });
  await shows(confirm.getByText('Deseja realmente excluir esse registro?'), 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await shows(toast(page, 'Usuário excluído com sucesso.'), 'the user deleted toast');
  await hides(rowOf(page, email), 'the deleted user row');
  await page.reload();
  await search(page, tag);
  await shows(usersTable(page).getByText('Nenhum registro encontrado'), 'an empty search result after the reload');
});
