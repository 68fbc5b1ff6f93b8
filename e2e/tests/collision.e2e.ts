import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { adminToken } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { acceptedConversation, conversationMessage } from '../src/conversation';
import { createInbox } from '../src/inbox';
import { hides, shows } from '../src/wait';

const b = useBrowser();
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('two agents on one ticket see each other and who types; a reply right after the other’s asks for confirmation', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const maria = { name: `Maria ${inbox.tag}`, email: `e2e-collision-${inbox.tag}@example.com`, password: 'Senha123' };
  const res = await fetch(`${inject('baseUrl')}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ ...maria, profile: 'user', queueIds: [inbox.queueId] }),
  });
  expect(res.status).toBe(200);

  // The first agent takes the customer's ticket; Maria, of the same queue, opens the same conversation.
  const contact = `Cliente ${inbox.tag}`;
  await acceptedConversation(page, inbox, contact);
  const path = new URL(page.url()).pathname;
  const other = await (await b.openContext()).newPage();
  await loginAs(other, maria.email, maria.password);
  await other.goto(path);
  await shows(other.getByTestId('ticket-header').filter({ hasText: contact }), "the conversation on Maria's screen");

  await shows(page.getByTestId('also-viewing').filter({ hasText: `Também vendo: ${maria.name}` }), 'Maria viewing, on the first screen');
  await shows(other.getByTestId('also-viewing').filter({ hasText: `Também vendo: ${inbox.agent.name}` }), 'the first agent, on Maria’s');
  expect(await page.getByTestId('viewer-typing').count()).toBe(0);

  // Maria types: the first agent sees it; she sends, and the chip goes away.
  await other.getByTestId('message-text').pressSequentially('Oi, já estou vendo seu pedido', { delay: 20 });
  await shows(page.getByTestId('viewer-typing').filter({ hasText: `${maria.name} está digitando…` }), 'Maria typing');
  await shoot(page, 'collision-typing');
  await other.getByTestId('message-text').press('Enter');
  await shows(conversationMessage(page, 'Oi, já estou vendo seu pedido'), "Maria's reply on the first screen");
  await hides(page.getByTestId('viewer-typing'), 'the typing chip once Maria sent');

  // The first agent replies right after: the app asks first; Cancelar keeps the text, Enviar sends it.
  const box = page.getByTestId('message-text');
  await box.fill('Bom dia! Posso ajudar?');
  await box.press('Enter');
  const dialog = page.getByRole('dialog');
  await shows(dialog.filter({ hasText: /Outro atendente respondeu há \d+ segundos?\. Enviar mesmo assim\?/ }), 'the confirmation');
  await shoot(page, 'collision-confirm');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await hides(dialog, 'the confirmation after Cancelar');
  expect(await box.inputValue()).toBe('Bom dia! Posso ajudar?');
  expect(await conversationMessage(page, 'Bom dia! Posso ajudar?').count()).toBe(0);
  await box.press('Enter');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await shows(conversationMessage(other, 'Bom dia! Posso ajudar?'), "the first agent's reply on Maria's screen");

  // Maria leaves the conversation: the first agent's header no longer shows her.
  await other.goto('/tickets');
  await hides(page.getByTestId('also-viewing'), 'Maria gone from the header');
});
