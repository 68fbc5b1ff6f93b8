import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox, customerNumber, customerSays } from '../src/inbox';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { hides, shows } from '../src/wait';

const b = useBrowser();

/** Single-letter shortcuts are ignored while a field has the focus: press them with nothing focused. */
async function pressOnPage(page: Page, key: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

test('Ctrl+K finds the waiting ticket by its contact, Enter opens it, A accepts it, ? lists the shortcuts', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  await customerSays(inbox.connectionId, customerNumber(), contact, `Preciso de ajuda ${inbox.tag}`);
  await loginAs(page, inbox.agent.email, inbox.agent.password);

  await page.keyboard.press('Control+k');
  const input = page.getByTestId('command-bar-input');
  await shows(input, 'the command bar');
  await input.fill(contact);
  const ticketRow = page.locator('[data-testid^="command-ticket-"]').filter({ hasText: contact });
  await shows(ticketRow, 'the ticket among the results');
  await shows(page.locator('[data-testid^="command-contact-"]').filter({ hasText: contact }), 'the contact among the results');
  // No screen is called "Cliente …": the ticket is the first row, the one Enter opens.
  await shows(ticketRow.and(page.locator('[aria-selected="true"]')), 'the ticket highlighted');
  await snap(page, 'command-bar');
  await input.press('Enter');
  await hides(page.getByTestId('command-bar'), 'the command bar once a result is chosen');
  await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
  await shows(page.getByTestId('ticket-header').filter({ hasText: contact }), 'the chosen ticket open');

  // A presses the accept button of the open waiting ticket.
  await shows(page.getByTestId('ticket-accept'), 'the accept button of the waiting ticket');
  await pressOnPage(page, 'a');
  await shows(page.getByTestId('ticket-resolve'), 'the resolve button once the ticket is accepted');

  await pressOnPage(page, '?');
  const help = page.getByTestId('shortcuts-help');
  await shows(help.getByText('Atalhos de teclado'), 'the shortcuts help');
  await shows(help.getByText('Resolver o ticket aberto'), 'the resolve shortcut in the help');
  await snap(page, 'shortcuts-help');
  await page.keyboard.press('Escape');
  await hides(help, 'the help after Esc');
});

test('the web manifest is linked, served and parseable, with its icons', async () => {
  const { page } = b;
  const inbox = await createInbox();
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const served = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const manifest = await res.json();
    const icons = await Promise.all(
      manifest.icons.map(async (icon: { src: string }) => (await fetch(icon.src)).headers.get('content-type')),
    );
    return { type: res.headers.get('content-type'), manifest, icons };
  }, href as string);
  expect(served.type).toContain('application/manifest+json');
  expect(served.manifest).toMatchObject({ name: 'Chat-flow', start_url: '/', display: 'standalone' });
  expect(served.manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
  expect(served.icons).toEqual(['image/png', 'image/png']);
});

const SHOTS = shotsDir('command-bar');
/** With SHOTS_DIR: the page at both sizes the screens are judged at. */
async function snap(page: Page, name: string) {
  if (SHOTS) await snapAtBothSizes(page, SHOTS, name);
}
