import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminToken, apiGet, apiPost, apiPut } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ticketItem } from '../src/conversation';
import { createInbox, customerNumber } from '../src/inbox';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, shows } from '../src/wait';

const b = useBrowser();

/** A 1×1 PNG: the bytes sniff as an image. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

const preview = (page: Page, contact: string) => ticketItem(page, contact).getByTestId('ticket-last-message');

/**
 * An agent's day in the inbox (issue 31), step by step: media read as what they are in the list, the
 * contact's details beside the conversation with their past tickets, the app's skeleton on a reload,
 * and a screen whose code cannot be fetched saying so with "Recarregar".
 */
test('media previews, the contact drawer beside the thread with past tickets, reload skeleton and a failed chunk', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const token = await adminToken();
  const [photoContact, docContact] = [`Foto ${inbox.tag}`, `Doc ${inbox.tag}`];
  const [photoNumber, docNumber] = [customerNumber(), customerNumber()];

  // The photo customer has an earlier, resolved ticket: the drawer lists it.
  // One admin session at a time (a login ends the others): every set-up call below uses this token.
  const simulator = `/simulator/${inbox.connectionId}/messages`;
  await apiPost(simulator, { from: photoNumber, name: photoContact, type: 'text', body: 'Meu primeiro pedido' }, token);
  const first = await apiGet<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
    `/tickets?status=pending&searchParam=${encodeURIComponent(photoContact)}`,
    token,
  );
  const earlier = first.tickets.find((tk) => tk.contact.name === photoContact)!;
  await apiPut(`/tickets/${earlier.id}`, { status: 'closed' }, token);

  // Step 1: a photo without caption and a named document read as what they are. Each customer says hello
  // first and the file comes after the queue's greeting, which is then the newest message.
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  for (const [from, name] of [
    [photoNumber, photoContact],
    [docNumber, docContact],
  ]) {
    await apiPost(simulator, { from, name, type: 'text', body: 'Olá' }, token);
    await shows(preview(page, name).filter({ hasText: 'Bem-vindo' }), `the greeting to ${name}`);
  }
  await apiPost(simulator, { from: photoNumber, name: photoContact, type: 'image', file: PNG, mimeType: 'image/png' }, token);
  await apiPost(
    simulator,
    { from: docNumber, name: docContact, type: 'document', file: PDF, mimeType: 'application/pdf', fileName: 'nome.pdf' },
    token,
  );
  await shows(preview(page, photoContact).filter({ hasText: '📷 Foto' }), 'the photo read as "📷 Foto"');
  await shows(preview(page, docContact).filter({ hasText: '📄 nome.pdf' }), 'the document read with its name');
  const dir = shotsDir('inbox-daily');
  if (dir) await snapAtBothSizes(page, dir, 'list-media');

  // Step 2: at 1366 px the contact drawer opens beside the conversation, with the past tickets.
  await ticketItem(page, photoContact).getByRole('button', { name: 'Aceitar' }).click();
  await shows(page.getByTestId('ticket-header').filter({ hasText: photoContact }), 'the accepted conversation');
  // With the side menu folded to icons, as an agent working the inbox keeps it, the thread has room beside the drawer.
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('open-contact').click();
  const history = page.getByTestId('contact-ticket');
  await shows(history.filter({ hasText: `#${earlier.id}` }), 'the earlier ticket in the drawer');
  await expect.poll(() => history.count()).toBe(2);
  expect(await history.first().textContent()).toContain('Atendendo');
  expect(await history.nth(1).textContent()).toMatch(new RegExp(`#${earlier.id} · Resolvido · \\d{2}/\\d{2}/\\d{4}`));
  const drawer = await page.getByTestId('contact-drawer').boundingBox();
  const thread = await page.getByRole('textbox', { name: 'Mensagem', exact: true }).boundingBox();
  expect(drawer && thread && thread.x + thread.width <= drawer.x + 1, 'the reply box beside the drawer, not under it').toBe(true);
  if (dir) await snapAtBothSizes(page, dir, 'contact-drawer');
  await history.nth(1).click();
  await atPath(page, `/tickets/${earlier.uuid}`);

  // Step 3: a reload shows the app's skeleton while the session is read, not a bare spinner.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/auth/refresh_token', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await shows(page.getByTestId('app-skeleton'), 'the app skeleton while the session loads');
  if (dir) await snapAtBothSizes(page, dir, 'reload-skeleton');
  release();
  await shows(page.getByTestId('ticket-header'), 'the ticket again after the reload');
  await page.unroute('**/auth/refresh_token');

  // Step 4: a screen whose code cannot be fetched (server down, new release) says so, with Recarregar.
  await page.route('**/assets/QuickMessagesPage-*.js', (route) => route.abort());
  await page.evaluate(() => {
    window.history.pushState({}, '', '/quick-messages');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await shows(page.getByText('Não foi possível carregar esta tela'), 'the failed chunk message');
  await shows(page.getByRole('button', { name: 'Recarregar' }), 'the reload button');
  if (dir) await snapAtBothSizes(page, dir, 'chunk-error');
});
