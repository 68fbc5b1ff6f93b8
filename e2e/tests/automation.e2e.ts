import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox } from '../src/inbox';
import { withCustomerPhone } from '../src/phone';
import { atPath, hides, shows, toast } from '../src/wait';
import { shotsDir } from '../src/shots';

const b = useBrowser();
const SHOTS = shotsDir('automation');

/** A numbered menu line as the bot renders it ("*[ 1 ]* - Comercial"), bold marks or not. */
const menuLine = (n: number, name: string) => new RegExp(`\\[ ${n} \\]\\*? - ${name}`);
/** The phone at both sizes the screens are judged at. */
async function snap(phone: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await phone.setViewportSize({ width, height });
    await phone.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

const ticketItem = (page: Page, contact: string) => page.getByTestId('ticket-item').filter({ hasText: contact });

/** The customer types on the simulator page like a person: the box, then Enter; the line shows on the phone. */
async function customerTypes(phone: Page, text: string) {
  const box = phone.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await shows(phone.getByText(text, { exact: true }).last(), `the customer's "${text}" on the phone`);
}

test('the customer walks a two-level chatbot built in the queue modal and lands in the queue', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;

  // 1. The agent (an admin) gives the connection's queue a two-level menu through the modal:
  //    "Comercial" (a message, then "Planos" / "Contratos") and "Financeiro".
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await menuLink(page, 'Filas & Chatbot').click();
  await atPath(page, '/queues');
  await page.getByRole('row').filter({ hasText: inbox.queueName }).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar fila' });
  await shows(dialog, 'the edit-queue modal');
  await dialog.getByTestId('chatbot-add-1').click();
  const commercial = dialog.getByTestId('chatbot-option-1').nth(0);
  await commercial.getByTestId('chatbot-option-name').fill('Comercial');
  await commercial.getByTestId('chatbot-option-message').first().fill(`Escolha o assunto ${inbox.tag}`);
  await commercial.getByTestId('chatbot-add-2').click();
  const plans = commercial.getByTestId('chatbot-option-2').nth(0);
  await plans.getByTestId('chatbot-option-name').fill('Planos');
  await plans.getByTestId('chatbot-option-message').first().fill(`Um consultor de planos já vai te atender ${inbox.tag}`);
  await commercial.getByTestId('chatbot-add-2').click();
  await commercial.getByTestId('chatbot-option-2').nth(1).getByTestId('chatbot-option-name').fill('Contratos');
  await dialog.getByTestId('chatbot-add-1').click();
  await dialog.getByTestId('chatbot-option-1').nth(1).getByTestId('chatbot-option-name').fill('Financeiro');
  await dialog.getByTestId('queue-save').click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
  await hides(dialog, 'the edit-queue modal');

  // 2. The customer writes on the simulator page and walks the menu.
  await withCustomerPhone(b, inbox.connectionId, async (phone) => {
    await phone.getByLabel('Nome do cliente').fill(contact);
    await customerTypes(phone, `Oi ${inbox.tag}`);
    await shows(phone.getByText(menuLine(1, 'Comercial')).last(), 'the numbered root menu');
    await shows(phone.getByText(menuLine(2, 'Financeiro')).last(), 'the second root option');
    await snap(phone, 'menu-root');
    await customerTypes(phone, '1');
    await shows(phone.getByText(new RegExp(`Escolha o assunto ${inbox.tag}`)).last(), "Comercial's message");
    await shows(phone.getByText(menuLine(2, 'Contratos')).last(), 'the sub-menu');
    await customerTypes(phone, '1');
    await shows(phone.getByText(`Um consultor de planos já vai te atender ${inbox.tag}`).last(), "Planos' message");
    await snap(phone, 'menu-walked');

    // 3. The ticket waits in the agent's pending list, under the queue.
    await page.goto('/tickets');
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await shows(ticketItem(page, contact).filter({ hasText: inbox.queueName }), 'the ticket pending under its queue');
  });
});
