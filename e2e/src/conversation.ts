import type { Page } from 'playwright-core';
import { loginAs } from './auth';
import { customerNumber, customerSays, type Inbox } from './inbox';
import { shows } from './wait';

/** A ticket in the list, by its contact's name. */
export const ticketItem = (page: Page, contact: string) => page.getByTestId('ticket-item').filter({ hasText: contact });

/** A message in the open conversation, by its text. */
export const conversationMessage = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

/**
 * The customer writes, and the agent, logged in, accepts the ticket from "Aguardando" (as in
 * inbox.e2e.ts). Answers the customer's number.
 */
export async function acceptedConversation(page: Page, inbox: Inbox, contact: string): Promise<string> {
  const number = customerNumber();
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await customerSays(inbox.connectionId, number, contact, `Vou mandar uma foto ${inbox.tag}`);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await ticketItem(page, contact).getByRole('button', { name: 'Aceitar' }).click();
  await shows(page.getByTestId('ticket-header').filter({ hasText: contact }), 'the accepted conversation');
  await shows(page.getByTestId('ticket-resolve'), 'the resolve button of an open ticket');
  return number;
}

/** Attaches files through the input's attachment menu and the browser's file chooser, as a person does. */
export async function attachMedia(page: Page, paths: string[]) {
  await page.getByRole('button', { name: 'Anexar' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Imagem, vídeo ou áudio' }).click();
  await (await chooser).setFiles(paths);
}
