import { expect, test } from 'vitest';
import { createUser, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { CLOUD_NUMBER } from '../src/fake-graph';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();
const SHOTS = process.env.SHOTS_DIR;

test('an admin creates a WhatsApp API oficial connection from the menu (Meta refuses a token not of the number) and edits it keeping the stored token', async () => {
  const { page } = b;
  const admin = await createUser({ profile: 'admin' });
  const name = `Oficial ${unique()}`;
  const { phoneNumberId } = CLOUD_NUMBER;
  await loginAs(page, admin.email, admin.password);
  await menuLink(page, 'Conexões').click();
  await atPath(page, '/connections');

  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await page.getByRole('menuitem', { name: /WhatsApp API oficial/ }).click();
  // The entry opens Meta's Embedded Signup; the manual form is its "Avançado" path.
  await page
    .getByRole('dialog', { name: 'Conectar WhatsApp API oficial' })
    .getByRole('button', { name: 'Avançado: informar manualmente' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar conexão' });
  await shows(dialog, 'the add-connection dialog');
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await dialog.getByTestId('connection-facebookPageUserId').fill(phoneNumberId);
  await dialog.getByTestId('connection-wabaId').fill(CLOUD_NUMBER.wabaId);
  // A token Meta does not let use the number: refused under the number's field, the dialog stays open.
  await dialog.getByTestId('connection-tokenMeta').fill('EAAG-not-of-this-number');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(
    dialog.getByText('A Meta não confirmou que este token pode usar este ID de número do WhatsApp'),
    'the refusal under the number',
  );
  const shots = shotsDir('cloud-api');
  if (shots) await snapAtBothSizes(page, shots, 'cloud-refused');
  await dialog.getByTestId('connection-tokenMeta').fill(CLOUD_NUMBER.token);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cloud-dialog-${page.viewportSize()?.width}.png` });
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
  await hides(dialog, 'the add-connection dialog');
  const row = page.getByTestId('connection-row').filter({ hasText: name });
  await shows(row, 'the new Cloud API connection in the table');

  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar conexão' });
  await shows(edit.getByText('Deixe em branco para manter o token salvo'), 'the keep-token hint');
  expect(await edit.getByTestId('connection-facebookPageUserId').inputValue()).toBe(phoneNumberId);
  expect(await edit.getByTestId('connection-tokenMeta').inputValue()).toBe('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cloud-edit-${page.viewportSize()?.width}.png` });
  await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
  await hides(edit, 'the edit dialog');
});
