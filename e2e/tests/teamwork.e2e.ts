import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { makePng } from '../fixtures/png';
import { createUser, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();
/** Where the screens are saved for review (spec sizes 1366×768 and 390×844), when set. */
const SHOTS = process.env.SHOTS_DIR;

/** Saves the page at the laptop and the phone size, then gives it back its laptop size. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

const chatItem = (page: Page, title: string) => page.getByTestId('chat-item').filter({ hasText: title });
const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('two users chat internally: the message reaches the other browser live, with the menu dot, and the owner deletes the chat', async () => {
  const ana = await createUser({ profile: 'user', name: `Ana ${unique()}` });
  const bruno = await createUser({ profile: 'user', name: `Bruno ${unique()}` });
  const title = `Plantão ${unique()}`;

  const pageA = b.page;
  await pageA.setViewportSize({ width: 1366, height: 768 });
  await loginAs(pageA, ana.email, ana.password);
  await menuLink(pageA, 'Chat Interno').click();
  await atPath(pageA, '/chats');
  await shows(pageA.getByTestId('chat-list-empty'), 'the empty chat list');
  await shoot(pageA, 'chats-empty');

  // Ana starts a chat with Bruno.
  await pageA.getByTestId('chat-new').click();
  const dialog = pageA.getByRole('dialog', { name: 'Novo chat' });
  await shows(dialog, 'the new-chat dialog');
  await dialog.getByTestId('chat-title-input').fill(title);
  await dialog.getByTestId('chat-users-input').fill(bruno.name);
  await pageA.getByRole('option', { name: bruno.name }).click();
  await shoot(pageA, 'chat-new-dialog');
  await dialog.getByTestId('chat-save').click();
  await hides(dialog, 'the new-chat dialog');
  await shows(pageA.getByTestId('chat-title').filter({ hasText: title }), 'the new chat open');

  // Bruno, in another browser, is on the tickets page when the message arrives: the menu shows the dot.
  const pageB = await (await b.openContext()).newPage();
  await pageB.setViewportSize({ width: 1366, height: 768 });
  await loginAs(pageB, bruno.email, bruno.password);
  await shows(pageB.locator('[data-testid="chats-badge"][data-visible="false"]'), 'no dot before any message');
  await pageA.getByTestId('chat-input').fill('Bom dia, Bruno! Pode cobrir o turno?');
  await pageA.getByTestId('chat-input').press('Enter');
  await shows(chatMessage(pageA, 'Pode cobrir o turno?'), "Ana's own message");
  await shows(pageB.locator('[data-testid="chats-badge"][data-visible="true"]'), "the menu's dot in Bruno's browser");

  // Bruno opens the chat: the message is there and, read, the dot goes.
  await menuLink(pageB, 'Chat Interno').click();
  await shows(chatItem(pageB, title).getByTestId('chat-unreads'), 'the unread count on the chat');
  await chatItem(pageB, title).click();
  await shows(chatMessage(pageB, 'Pode cobrir o turno?'), "Ana's message in Bruno's browser");
  await shows(pageB.locator('[data-testid="chats-badge"][data-visible="false"]'), 'the dot gone once read');

  // Bruno answers; Ana sees it live.
  await pageB.getByTestId('chat-input').fill('Posso sim, Ana.');
  await pageB.getByTestId('chat-send').click();
  await shows(chatMessage(pageA, 'Posso sim, Ana.'), "Bruno's answer in Ana's browser");
  await shoot(pageA, 'chats-conversation');
  await pageA.setViewportSize({ width: 390, height: 844 });
  await pageA.getByTestId('chat-tab-chats').click();
  await shows(chatItem(pageA, title), 'the chat in the "Chats" tab on a phone');
  if (SHOTS) await pageA.screenshot({ path: `${SHOTS}/chats-list-tab-390.png` });
  await pageA.setViewportSize({ width: 1366, height: 768 });

  // Only the owner may edit or delete: Bruno has no such buttons; Ana deletes after confirming, and the chat
  // leaves Bruno's screen too.
  if ((await chatItem(pageB, title).getByTestId('chat-delete').count()) !== 0) throw new Error('a member who is not the owner sees delete');
  await chatItem(pageA, title).getByTestId('chat-delete').click();
  const confirm = pageA.getByRole('dialog', { name: `Excluir o chat ${title}?` });
  await shows(confirm, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await shows(toast(pageA, 'Chat excluído com sucesso.'), 'the deleted toast');
  await hides(chatItem(pageB, title), "the chat in Bruno's list");
  await atPath(pageB, '/chats');
});

test('an announcement the super company publishes appears live in another user popover, with its detail', async () => {
  const reader = await createUser({ profile: 'user' });
  const title = `Manutenção ${unique()}`;

  // A user without the super flag is refused the administration page: the screens table shows the 403 page.
  const readerPage = b.page;
  await readerPage.setViewportSize({ width: 1366, height: 768 });
  await loginAs(readerPage, reader.email, reader.password);
  await readerPage.goto('/announcements');
  await shows(readerPage.getByText('Oops! Acesso Negado!'), 'the refusal page');
  await readerPage.goto('/');
  await readerPage.getByTestId('announcements-button').click();
  await shows(readerPage.getByTestId('announcements-list'), 'the announcements popover');
  if (SHOTS && (await readerPage.getByTestId('announcements-empty').count())) await shoot(readerPage, 'announcements-popover-empty');
  // The popover stays open while the admin publishes: the announcement must appear in it by itself.

  // The platform's admin publishes one with a picture.
  const adminPage = await (await b.openContext()).newPage();
  await adminPage.setViewportSize({ width: 1366, height: 768 });
  await loginAs(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await menuLink(adminPage, 'Informativos').click();
  await atPath(adminPage, '/announcements');
  await shows(adminPage.getByTestId('announcements-title'), 'the announcements page');
  if ((await adminPage.getByTestId('announcement-row').count()) === 0) await shoot(adminPage, 'announcements-empty');
  await adminPage.getByTestId('add-announcement').click();
  const modal = adminPage.getByRole('dialog', { name: 'Novo informativo' });
  await shows(modal, 'the announcement modal');
  await modal.getByTestId('announcement-title').fill(title);
  await modal.getByTestId('announcement-text').fill('O sistema ficará fora do ar no sábado, das 22h às 23h.');
  await modal.getByTestId('announcement-priority').click();
  await adminPage.getByRole('option', { name: 'Alta' }).click();
  // Another type is refused before sending, with the message.
  await modal
    .getByTestId('announcement-file')
    .setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await shows(modal.getByTestId('announcement-file-error'), 'the file type message');
  await modal
    .getByTestId('announcement-file')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(320, 120).bytes });
  await shows(modal.getByTestId('announcement-attachment').filter({ hasText: 'banner.png' }), 'the chosen picture');
  await shoot(adminPage, 'announcement-modal');
  await modal.getByTestId('announcement-save').click();
  await shows(toast(adminPage, 'Informativo salvo com sucesso.'), 'the saved toast');
  await shows(
    adminPage.getByTestId('announcement-row').filter({ hasText: title }).filter({ hasText: 'banner.png' }),
    'the new row with its picture',
  );
  await shoot(adminPage, 'announcements-list');

  // The reader did nothing: the announcement is in the popover, live, and opens in its dialog.
  await shows(readerPage.getByTestId('announcement-item').filter({ hasText: title }), 'the announcement in the open popover, live');
  await readerPage.getByTestId('announcement-item').filter({ hasText: title }).click();
  const detail = readerPage.getByTestId('announcement-dialog');
  await shows(detail.getByText('das 22h às 23h'), 'the announcement text in its dialog');
  await shows(detail.locator('img'), 'the picture in the dialog');
  await shoot(readerPage, 'announcement-detail');
  await detail.getByTestId('announcement-close').click();
  await hides(detail, 'the detail dialog');
  await readerPage.getByTestId('announcements-button').click();
  await shoot(readerPage, 'announcements-popover');
});
