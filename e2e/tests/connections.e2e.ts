import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { createUser, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { customerNumber } from '../src/inbox';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

const rowOf = (page: Page, name: string) => page.getByTestId('connection-row').filter({ hasText: name });

/** The external API as an outside system calls it: the connection's token as Bearer, nothing else. */
async function sendThroughApi(token: string, body: object) {
  const res = await fetch(`${inject('baseUrl')}/api/messages/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('an admin creates a simulator connection, edits its messages, renews its token and sends through the external API into the inbox', async () => {
  const { page, context } = b;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
  const admin = await createUser({ profile: 'admin' });
  const tag = unique();
  const name = `Loja ${tag}`;

  await loginAs(page, admin.email, admin.password);
  await menuLink(page, 'Conexões').click();
  await atPath(page, '/connections');

  // Create: the new-connection menu, WhatsApp, the dialog's general tab.
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await page.getByRole('menuitem', { name: 'WhatsApp', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar conexão' });
  await shows(dialog, 'the add-connection dialog');
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Simulador' }).click();
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
  await hides(dialog, 'the add-connection dialog');
  // The simulator connects at once; the row shows it live.
  await shows(rowOf(page, name).locator('[data-status="CONNECTED"]'), 'the new connection, connected, in the table');
  await shows(rowOf(page, name).getByRole('button', { name: 'Desconectar' }), 'the disconnect action of a connected session');

  // Messages tab: a farewell text is stored and shown again.
  const farewell = `Obrigado pelo contato ${tag}`;
  await rowOf(page, name).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar conexão' });
  await edit.getByRole('tab', { name: 'Mensagens' }).click();
  await edit.getByRole('textbox', { name: 'Mensagem de conclusão' }).fill(farewell);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast after editing');
  await hides(edit, 'the edit dialog');
  await rowOf(page, name).getByRole('button', { name: 'Editar' }).click();
  await edit.getByRole('tab', { name: 'Mensagens' }).click();
  expect(await edit.getByRole('textbox', { name: 'Mensagem de conclusão' }).inputValue()).toBe(farewell);

  // Token: copied to the clipboard, then regenerated; only the new one authorises the API.
  await edit.getByRole('tab', { name: 'Geral' }).click();
  const tokenField = edit.getByTestId('connection-token');
  const oldToken = await tokenField.inputValue();
  expect(oldToken).toMatch(/^[A-Za-z0-9]{30}$/);
  await edit.getByRole('button', { name: 'Copiar token' }).click();
  // The open dialog hides the rest of the page from the accessibility tree, so the toast is found by its text.
  await shows(page.getByText('Token copiado!'), 'the copied toast');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldToken);
  await edit.getByRole('button', { name: 'Gerar novo token' }).click();
  await shows(page.getByText('Novo token gerado. O anterior deixou de valer.'), 'the regenerated toast');
  const newToken = await tokenField.inputValue();
  expect(newToken).toMatch(/^[A-Za-z0-9]{30}$/);
  expect(newToken).not.toBe(oldToken);
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  const number = customerNumber();
  const text = `Pedido ${tag} confirmado`;
  expect((await sendThroughApi(oldToken, { number, body: text })).status).toBe(401);
  const sent = await sendThroughApi(newToken, { number, body: text, userId: admin.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);

  // The message reaches the inbox: the agent's open ticket for that number.
  await menuLink(page, 'Atendimentos').click();
  await page.getByRole('tab', { name: /Atendendo/ }).click();
  const item = page.getByTestId('ticket-item').filter({ hasText: number });
  await shows(item, 'the ticket the API opened');
  await item.click();
  await shows(page.getByText(text), 'the API message in the conversation');
});
