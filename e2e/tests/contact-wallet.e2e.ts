import { test } from 'vitest';
import { adminToken, apiGet, apiPost, createUser, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { customerNumber } from '../src/inbox';
import { hides, shows, toast } from '../src/wait';
import { shotsDir } from '../src/shots';

// The contact's wallet (DirectTicketsToWallets): an admin picks the agents who own a contact in the
// contact modal; the wallet is stored (GET /contacts/:id/wallets) and shown again when the modal
// reopens. Screenshot at 1366×768 in /work/notes/shots/channels-finish.

const b = useBrowser();
const SHOTS = shotsDir('channels-finish');

test('an admin puts two agents in a contact wallet from the contact modal; it is saved in order and shown again', async () => {
  const { page } = b;
  const tag = unique();
  const first = await createUser({ profile: 'user', name: `Bruna ${tag}` });
  const second = await createUser({ profile: 'user', name: `Carlos ${tag}` });
  const admin = await createUser({ profile: 'admin' });
  const contact = await apiPost<{ id: number }>('/contacts', { name: `Cliente ${tag}`, number: customerNumber() }, await adminToken());

  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, admin.email, admin.password);
  await page.goto('/contacts');
  await page.getByTestId('contacts-search').fill(tag);
  const row = page.getByRole('row').filter({ hasText: `Cliente ${tag}` });
  await shows(row, 'the contact row');
  await row.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar contato' });
  await shows(dialog, 'the contact modal');
  await shows(dialog.getByText('Nenhum atendente: o contato não está na carteira de ninguém.'), 'the empty wallet');

  // Typed and chosen with the keyboard, in the order they should own the contact.
  const wallet = dialog.getByRole('combobox', { name: 'Atendentes da carteira' });
  for (const agent of [first, second]) {
    await wallet.click();
    await wallet.fill(agent.name);
    await page.getByRole('option', { name: agent.name }).waitFor();
    await wallet.press('ArrowDown');
    await wallet.press('Enter');
  }
  await shows(dialog.getByText(`${first.name} · principal`), 'the first agent marked main');
  await shows(dialog.getByText(second.name, { exact: true }), 'the second agent');
  // Closes the options list (Escape would close the whole modal, as a dialog's Escape does).
  await dialog.getByRole('heading', { name: 'Editar contato' }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-wallet-1366.png` });
  await dialog.getByTestId('contact-save').click();
  await shows(toast(page, 'Contato salvo com sucesso.'), 'the saved toast');
  await hides(dialog, 'the modal closing');

  const stored = await apiGet<{ wallets: { id: number }[] }>(`/contacts/${contact.id}/wallets`, await adminToken());
  if (stored.wallets.map((w) => w.id).join() !== `${first.id},${second.id}`) {
    throw new Error(`expected the wallet [${first.id}, ${second.id}], stored ${JSON.stringify(stored.wallets)}`);
  }

  // Opened again, the modal shows the stored wallet.
  await row.getByRole('button', { name: 'Editar' }).click();
  await shows(dialog.getByText(`${first.name} · principal`), 'the stored wallet shown again');
});
