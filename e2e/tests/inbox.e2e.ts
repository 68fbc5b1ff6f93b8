import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { withCustomerPhone } from '../src/phone';
import { createInbox, customerNumber, customerSays, type Inbox } from '../src/inbox';
import { hides, shows, toast } from '../src/wait';

const b = useBrowser();

const ticketItem = (page: Page, contact: string) => page.getByTestId('ticket-item').filter({ hasText: contact });
const header = (page: Page) => page.getByTestId('ticket-header');
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Mensagem', exact: true });

/**
 * The customer has written on the simulator (through its API) and the agent, logged in, accepts the
 * ticket from "Aguardando": the starting point of every conversation scenario but the first.
 */
async function acceptedConversation(page: Page, inbox: Inbox, contact: string, text: string) {
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await customerSays(inbox.connectionId, customerNumber(), contact, text);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await ticketItem(page, contact).getByRole('button', { name: 'Aceitar' }).click();
  await shows(header(page).filter({ hasText: contact }), 'the accepted conversation');
  await shows(page.getByTestId('ticket-resolve'), 'the resolve button of an open ticket');
}

test('the customer writes on the simulator, the agent accepts the ticket and the reply reaches the phone', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;

  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.getByRole('tab', { name: /Aguardando/ }).click();

  // The customer's phone: a second browser, the admin on the simulator page.
  await withCustomerPhone(b, inbox.connectionId, async (phone) => {
    await phone.getByLabel('Nome do cliente').fill(contact);
    await phone.getByRole('textbox', { name: 'Mensagem' }).fill(`Olá, preciso de ajuda ${inbox.tag}`);
    await phone.getByRole('textbox', { name: 'Mensagem' }).press('Enter');
    await shows(phone.getByText(`Olá, preciso de ajuda ${inbox.tag}`), 'the customer message on the phone');

    // Realtime: the ticket shows up in the agent's waiting tab without a reload.
    await shows(ticketItem(page, contact), 'the new ticket in Aguardando');
    await ticketItem(page, contact).getByRole('button', { name: 'Aceitar' }).click();
    await shows(header(page).filter({ hasText: contact }), 'the accepted conversation');
    await shows(page.getByText(`Olá, preciso de ajuda ${inbox.tag}`), 'the customer message in the conversation');

    const reply = `Claro, vamos resolver ${inbox.tag}`;
    await messageBox(page).fill(reply);
    await messageBox(page).press('Enter');
    await shows(page.getByText(reply), 'the reply in the conversation');
    await shows(phone.getByText(reply), 'the agent reply on the customer phone');
  });
});

test('the agent resolves with a farewell and reopens the ticket from the resolved view', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  await acceptedConversation(page, inbox, contact, 'Quero encerrar');

  await page.getByTestId('ticket-resolve').click();
  await page.getByRole('menuitem', { name: 'Com mensagem de despedida' }).click();
  await hides(page.getByTestId('ticket-resolve'), 'the resolve button after resolving');

  await page.getByRole('button', { name: 'Resolvidos' }).click();
  await ticketItem(page, contact).click();
  await page.getByRole('button', { name: 'Reabrir' }).click();
  await shows(page.getByTestId('ticket-resolve'), 'the resolve button of the reopened ticket');
  await page.getByRole('button', { name: 'Abertos' }).click();
  await page.getByRole('tab', { name: /Atendendo/ }).click();
  await shows(ticketItem(page, contact), 'the reopened ticket among Atendendo');
});

test('the agent adds and deletes a note in the contact drawer', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  await acceptedConversation(page, inbox, contact, 'Anote isso');

  await page.getByTestId('open-contact').first().click(); // named by the contact it shows; its title says what it does
  const drawer = page.getByTestId('contact-drawer');
  await shows(drawer, 'the contact drawer');
  const note = `Prefere contato à tarde ${inbox.tag}`;
  await drawer.getByRole('textbox', { name: 'Observações' }).fill(note);
  await drawer.getByRole('button', { name: 'Salvar' }).click();
  await shows(toast(page, 'Observação adicionada com sucesso!'), 'the note added toast');
  const item = drawer.getByTestId('note').filter({ hasText: note });
  await shows(item, 'the note in the drawer');

  await item.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir observação?' });
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await shows(toast(page, 'Observação excluída com sucesso!'), 'the note deleted toast');
  await hides(item, 'the deleted note');

  // Not a modal: on a wide screen the drawer sits beside the conversation, whose input stays usable.
  await page.setViewportSize({ width: 1920, height: 1000 });
  try {
    await page.waitForFunction(() => {
      const input = document.querySelector('textarea[aria-label="Mensagem"]')?.getBoundingClientRect();
      const panel = document.querySelector('[role="complementary"][aria-label="Dados do contato"]')?.getBoundingClientRect();
      return !!input && !!panel && input.width > 200 && input.right <= panel.left;
    });
  } catch {
    throw new Error('expected the contact drawer beside the conversation on a 1920 px screen');
  }
  await messageBox(page).fill('Anotado, obrigado!');
  await messageBox(page).press('Enter');
  await shows(page.getByTestId('message').filter({ hasText: 'Anotado, obrigado!' }), 'the reply sent with the drawer open');
  const panel = page.getByRole('complementary', { name: 'Dados do contato' });
  await panel.getByRole('button', { name: 'Fechar' }).click();
  await hides(panel, 'the closed contact drawer');
});

test('the agent transfers the ticket to another queue', async () => {
  const { page } = b;
  const inbox = await createInbox(1);
  const contact = `Cliente ${inbox.tag}`;
  const target = inbox.otherQueues[0]!;
  await acceptedConversation(page, inbox, contact, 'Quero falar com o financeiro');

  await page.getByRole('button', { name: 'Mais opções' }).click();
  await page.getByRole('menuitem', { name: 'Transferir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transferir Ticket' });
  await shows(dialog, 'the transfer modal');
  await dialog.getByRole('combobox', { name: 'Transferir para fila' }).click();
  await page.getByRole('option', { name: target.name }).click();
  await dialog.getByRole('button', { name: 'Transferir' }).click();
  await hides(dialog, 'the transfer modal');

  // Without a user it waits in the target queue.
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await shows(ticketItem(page, contact).filter({ hasText: target.name }), 'the ticket waiting in the target queue');
});

test('an agent edits and blocks a contact on the contacts page', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  await customerSays(inbox.connectionId, customerNumber(), contact, 'Oi');
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.goto('/contacts');
  const row = (text: string) => page.getByRole('table', { name: 'Contatos' }).getByRole('row').filter({ hasText: text });
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(inbox.tag);
  await shows(row(contact), 'the contact in the list');

  await row(contact).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar contato' });
  const nameField = dialog.getByLabel('Nome', { exact: true });
  await shows(nameField, 'the edit-contact modal');
  await page.waitForFunction((el) => (el as HTMLInputElement | null)?.value !== '', await nameField.elementHandle());
  await nameField.fill(`${contact} Silva`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await shows(toast(page, 'Contato salvo com sucesso.'), 'the contact saved toast');
  await hides(dialog, 'the edit-contact modal');
  await shows(row(`${contact} Silva`), 'the edited name in the list');

  await row(`${contact} Silva`).getByRole('button', { name: 'Bloquear contato' }).click();
  await shows(toast(page, 'Contato bloqueado'), 'the contact blocked toast');
  await shows(row(`${contact} Silva`).getByText('Bloqueado'), 'the blocked status in the row');
  await shows(row(`${contact} Silva`).getByRole('button', { name: 'Desbloquear contato' }), 'the unblock action');
});
