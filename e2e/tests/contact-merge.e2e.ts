import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox, customerNumber, customerSays } from '../src/inbox';
import { hides, shows, toast } from '../src/wait';
import { shotsDir, snapAtBothSizes } from '../src/shots';

// Issue 16 "Merge": the same customer wrote from two numbers, so the inbox has two contacts and two
// tickets. An admin merges them on the contacts page, undoes it from the toast, merges again, and the
// kept contact's tickets (the tickets search by its name) show both conversations.

const b = useBrowser();
const SHOTS = shotsDir('contact-merge');

const row = (page: Page, text: string) => page.getByRole('table', { name: 'Contatos' }).getByRole('row').filter({ hasText: text });

async function merge(page: Page, kept: string, other: string) {
  await row(page, kept).getByRole('button', { name: 'Mesclar contato' }).click();
  const dialog = page.getByRole('dialog', { name: `Mesclar contato com ${kept}` });
  await shows(dialog, 'the merge dialog');
  const pick = dialog.getByRole('combobox', { name: 'Contato a mesclar' });
  await pick.fill(other);
  await page.getByRole('option', { name: new RegExp(other) }).click();
  await shows(dialog.getByText(`1 atendimento de ${other} passará para ${kept}.`), 'the preview of the ticket that moves');
  await shows(
    dialog.getByText('1 atendimento aberto na mesma conexão será fechado.', { exact: false }),
    'the open-ticket rule in the preview',
  );
  if (SHOTS) await snapAtBothSizes(page, SHOTS, 'contact-merge-dialog');
  await dialog.getByRole('button', { name: 'Mesclar' }).click();
  await shows(toast(page, 'Contatos mesclados'), 'the merged toast');
  await hides(dialog, 'the merge dialog closing');
  await hides(row(page, other), 'the merged contact leaving the list');
}

test('an admin merges two contacts of one customer, undoes it, merges again; the kept contact shows both tickets', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const kept = `Maria celular ${inbox.tag}`;
  const other = `Maria trabalho ${inbox.tag}`;
  await customerSays(inbox.connectionId, customerNumber(), kept, 'Oi pelo celular');
  await customerSays(inbox.connectionId, customerNumber(), other, 'Oi pelo trabalho');
  // Both tickets wait on the same connection: merging closes the merged contact's (the open-ticket rule).

  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.goto('/contacts');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(inbox.tag);
  await shows(row(page, kept), 'the kept contact');
  await shows(row(page, other), 'the other contact');

  await merge(page, kept, other);
  await toast(page, 'Contatos mesclados').getByRole('button', { name: 'Desfazer' }).click();
  await shows(toast(page, 'Mesclagem desfeita'), 'the undone toast');
  await shows(row(page, other), 'the merged contact back in the list');

  await merge(page, kept, other);
  await page.goto('/tickets');
  await page.getByRole('searchbox', { name: 'Buscar atendimento e mensagens' }).fill(kept);
  const items = page.getByTestId('ticket-item').filter({ hasText: kept });
  // Its own ticket (still waiting) and the merged one (closed by the open-ticket rule), both under its name.
  await shows(items.nth(1), 'both tickets under the kept contact');
  await shows(items.filter({ has: page.getByRole('button', { name: 'Aceitar' }) }), "the kept contact's waiting ticket");
  if ((await items.count()) !== 2) throw new Error(`expected 2 tickets of ${kept}, saw ${await items.count()}`);
  if ((await page.getByTestId('ticket-item').filter({ hasText: other }).count()) !== 0) throw new Error(`${other} still names a ticket`);
  if (SHOTS) await snapAtBothSizes(page, SHOTS, 'contact-merge-tickets');
});
