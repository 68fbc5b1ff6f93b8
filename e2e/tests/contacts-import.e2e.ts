import type { Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { apiLogin, createUser, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { customerNumber } from '../src/inbox';
import { atPath, shows, toast } from '../src/wait';
import { useTempDir } from '../fixtures/files';
import { makePng } from '../fixtures/png';
import { makeXlsx } from '../fixtures/xlsx';

const b = useBrowser();
const files = useTempDir();

/** A contact made through the API before the scenario: its number will come again in the sheet. */
async function existingContact(token: string, name: string, number: string) {
  const res = await fetch(`${inject('baseUrl')}/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, number }),
  });
  if (!res.ok) throw new Error(`POST /contacts answered ${res.status}: ${await res.text()}`);
}

/** A mapping select of the import page, by its field label ("Nome", "Número", "E-mail"). */
async function mapColumn(page: Page, field: string, column: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

/**
 * Records, in the page, every text the import's progress panel shows while it exists. An import of a
 * few rows runs in well under a second, so the progress is looked for as it happens rather than
 * raced against afterwards.
 */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importProgressSeen: string[] }).importProgressSeen = seen;
    new MutationObserver(() => {
      const panel = document.querySelector('[data-testid="import-progress"]');
      const text = panel?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { importProgressSeen: string[] }).importProgressSeen);
}

test('an admin imports contacts from an xlsx: maps columns, picks rows, sees progress and the summary', async () => {
  const { page } = b;
  const tag = unique();
  const admin = await createUser({ profile: 'admin' });
  const taken = customerNumber();
  await existingContact(await apiLogin(admin.email, admin.password), `Existente ${tag}`, taken);

  // Headers a person might write: the number and e-mail columns are recognised, the name one is not.
  const header = ['Cliente', 'Celular', 'E-mail'];
  const rows = [
    [`Ana ${tag}`, customerNumber(), `ana-${tag}@example.com`],
    [`Bruno ${tag}`, customerNumber(), `bruno-${tag}@example.com`],
    [`Carla ${tag}`, customerNumber(), ''],
    [`Número ruim ${tag}`, '12-34', ''], // too short: ignored
    [`Repetido ${tag}`, taken, ''], // the number exists: ignored
    [`Dora ${tag}`, customerNumber(), ''], // left unselected
  ];
  const sheet = files.write(`contatos-${tag}.xlsx`, await makeXlsx('Contatos', header, rows));
  const notASheet = files.write(`foto-${tag}.xlsx`, makePng(8, 8).bytes);

  await loginAs(page, admin.email, admin.password);
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Importar / Exportar' }).click();
  await page.getByRole('menuitem', { name: 'Importar de arquivo' }).click();
  await atPath(page, '/contacts/import');
  await shows(page.getByRole('heading', { name: 'Importar contatos' }), 'the import page');

  const choose = async (path: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Selecionar arquivo' }).click();
    await (await chooser).setFiles(path);
  };

  // A picture renamed .xlsx is not a spreadsheet.
  await choose(notASheet);
  await shows(toast(page, 'Arquivo inválido!'), 'the invalid file toast');

  await choose(sheet);
  const table = page.getByRole('table', { name: 'Linhas da planilha' });
  await shows(table.getByRole('cell', { name: `Dora ${tag}` }), 'the sheet rows');
  await shows(page.getByText(`contatos-${tag}.xlsx: 6 linhas, 6 selecionadas`), 'the file summary');

  // Mapping mistakes are explained, not imported.
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await shows(toast(page, 'Não foi selecionado o campo de nome do contato'), 'the missing name mapping error');
  await mapColumn(page, 'Nome', 'E-mail');
  await shows(toast(page, 'O campo E-mail já foi selecionado.'), 'the column used twice error');
  await mapColumn(page, 'Número', 'Não importar');
  await mapColumn(page, 'Nome', 'Cliente');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await shows(toast(page, 'Não foi selecionado o campo de número do contato'), 'the missing number mapping error');
  await mapColumn(page, 'Número', 'Celular');

  // Dora stays out.
  await table.getByRole('checkbox', { name: 'Selecionar linha 6' }).uncheck();
  await shows(page.getByText(`contatos-${tag}.xlsx: 6 linhas, 5 selecionadas`), 'five rows selected');

  const progressSeen = await watchProgress(page);
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const summary = page.getByTestId('import-summary');
  await shows(summary.filter({ hasText: 'Criados: 3 · Ignorados: 2' }), 'the summary with 3 created and 2 ignored');
  await shows(summary.filter({ hasText: 'Importação realizada com sucesso, mas houveram alguns erros' }), 'the partial success title');
  await shows(toast(page, 'Importação realizada com sucesso, mas houveram alguns erros'), 'the partial success toast');
  const progress = await progressSeen();
  if (!progress.some((text) => /Importando contatos\.\.\. \d+ de 5/.test(text))) {
    throw new Error(`expected the import progress ("Importando contatos... n de 5"); saw ${JSON.stringify(progress)}`);
  }

  // The new contacts are on the contacts page; the ignored and unselected rows are not.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await atPath(page, '/contacts');
  const contactsTable = page.getByRole('table', { name: 'Contatos' });
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(tag);
  for (const name of [`Ana ${tag}`, `Bruno ${tag}`, `Carla ${tag}`, `Existente ${tag}`]) {
    await shows(contactsTable.getByRole('row').filter({ hasText: name }), `${name} among the contacts`);
  }
  await shows(contactsTable.getByRole('row').filter({ hasText: `ana-${tag}@example.com` }), 'the imported e-mail');
  const listed = await contactsTable.getByRole('row').filter({ hasText: tag }).allInnerTexts();
  for (const absent of [`Número ruim ${tag}`, `Repetido ${tag}`, `Dora ${tag}`]) {
    if (listed.some((row) => row.includes(absent))) throw new Error(`${absent} should not have been imported`);
  }

  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(`Bruno ${tag}`);
  await shows(contactsTable.getByRole('row').filter({ hasText: `Bruno ${tag}` }), 'the search finding an imported contact');
});
