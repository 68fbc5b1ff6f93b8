import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ticketItem, conversationMessage } from '../src/conversation';
import { fakeAssistantAnswer } from '../src/fake-openai';
import { createInbox, customerConversation, customerNumber, customerSays } from '../src/inbox';
import { REPO_ROOT } from '../src/server';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

/** With E2E_SCREENSHOTS=1 the scenarios also leave 1366×768 pictures of their screens in e2e/screenshots/. */
async function picture(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  // A closing select menu fades out after it left the accessibility tree: picture the screen once it is gone.
  await hides(page.locator('.MuiPopover-root'), 'a closing menu');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: path.join(REPO_ROOT, 'e2e/screenshots', `${name}.png`) });
}

const PROMPT = 'Você é o assistente da Padaria Pão Quente. Responda com educação e em poucas frases, sempre em português.';

test("an admin creates a prompt for a queue; a customer's message through the simulator gets the assistant's answer in the inbox", async () => {
  const { page } = b;
  const inbox = await createInbox();
  const name = `Assistente ${inbox.tag}`;
  await loginAs(page, inbox.agent.email, inbox.agent.password);

  await menuLink(page, 'Open.Ai').click();
  await atPath(page, '/prompts');
  await page.getByRole('button', { name: 'Adicionar prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar prompt' });
  await shows(dialog, 'the prompt modal');
  await dialog.getByTestId('prompt-name').fill(name);
  await dialog.getByLabel(/API Key/).fill('sk-e2e');
  await dialog.getByTestId('prompt-prompt').fill(PROMPT);
  await dialog.getByRole('combobox', { name: /Setor/ }).click();
  await page.getByRole('option', { name: inbox.queueName }).click();
  await picture(page, 'prompts-modal');
  await dialog.getByTestId('prompt-save').click();
  await shows(toast(page, 'Prompt salvo com sucesso!'), 'the saved toast');
  await hides(dialog, 'the prompt modal');
  const row = page.getByTestId('prompt-row').filter({ hasText: name });
  await shows(row, 'the new prompt in the list');
  await shows(row.getByText(inbox.queueName), 'with its queue');
  await picture(page, 'prompts-list');

  // The customer writes; the connection's only queue has the prompt, so the assistant answers.
  const number = customerNumber();
  const contact = `Cliente ${inbox.tag}`;
  const answer = fakeAssistantAnswer('Tem pão de queijo?');
  await customerSays(inbox.connectionId, number, contact, 'Tem pão de queijo?');
  await expect
    .poll(async () => (await customerConversation(inbox.connectionId, number)).map((m) => m.body), { timeout: 30_000, interval: 250 })
    .toContain(answer);

  // The agent sees the conversation, the assistant's answer included, and takes it over.
  await page.goto('/tickets');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await ticketItem(page, contact).getByRole('button', { name: 'Aceitar' }).click();
  await shows(page.getByTestId('ticket-header').filter({ hasText: contact }), 'the accepted conversation', 60_000);
  await shows(conversationMessage(page, answer), "the assistant's answer in the conversation", 60_000);
}, 240_000);

test('an admin adds a webhook integration through the dialog; it is listed with its logo, and each type shows its own fields', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const name = `Webhook ${inbox.tag}`;
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await menuLink(page, 'Integrações').click();
  await atPath(page, '/queue-integration');
  await page.getByRole('button', { name: 'Adicionar projeto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar projeto' });
  await shows(dialog, 'the integration dialog');

  for (const [type, field] of [
    ['Typebot', 'integration-typebotSlug'],
    ['DialogFlow', 'integration-jsonContent'],
    ['N8N', 'integration-urlN8N'],
    ['Flowbuilder', null],
    ['Webhook', 'integration-urlN8N'],
  ] as const) {
    await dialog.getByRole('combobox', { name: /Tipo/ }).click();
    await page.getByRole('option', { name: type }).click();
    await hides(page.getByRole('listbox'), 'the type menu');
    if (field) await shows(dialog.getByTestId(field), `the ${type} fields`);
    await picture(page, `queue-integration-dialog-${type.toLowerCase()}`);
  }
  await dialog.getByTestId('integration-name').fill(name);
  await dialog.getByTestId('integration-urlN8N').fill(`https://hooks.example.com/${unique()}`);
  await dialog.getByTestId('integration-save').click();
  await shows(toast(page, 'Integração salva com sucesso.'), 'the saved toast');
  await hides(dialog, 'the integration dialog');
  const row = page.getByTestId('integration-row').filter({ hasText: name });
  await shows(row, 'the new integration in the list');
  await shows(row.getByTestId('logo-webhook'), 'with the webhook logo');
  await picture(page, 'queue-integration-list');
}, 240_000);
