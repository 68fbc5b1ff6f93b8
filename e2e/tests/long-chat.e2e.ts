import { expect, test } from 'vitest';
import { apiLogin, apiPost, createUser, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { snapAtBothSizes, shotsDir } from '../src/shots';
import { shows } from '../src/wait';

const b = useBrowser();

/** Where the chat's message pane stands: scrolled to, its height, and the whole page's height against the window. */
const paneState = () => {
  const pane = document.querySelector('[data-testid="chat-messages"]') as HTMLElement;
  const input = document.querySelector('[data-testid="chat-input"]') as HTMLElement;
  const inputBox = input.getBoundingClientRect();
  return {
    scrollTop: pane.scrollTop,
    bottomGap: pane.scrollHeight - pane.scrollTop - pane.clientHeight,
    scrollable: pane.scrollHeight > pane.clientHeight,
    pageGrows: document.documentElement.scrollHeight > window.innerHeight + 1,
    inputInView: inputBox.top >= 0 && inputBox.bottom <= window.innerHeight,
    loaded: document.querySelectorAll('[data-testid="chat-message"]').length,
  };
};

test('a long internal chat opens at its newest message with the input in view, scrolls in its pane and loads older messages on scroll up', async () => {
  const ana = await createUser({ profile: 'user' });
  const bruno = await createUser({ profile: 'user' });
  const token = await apiLogin(ana.email, ana.password);
  const title = `Plantão ${unique()}`;
  const chat = await apiPost<{ id: number; uuid: string }>('/chats', { title, users: [{ id: bruno.id, name: bruno.name }] }, token);
  // 45 messages: more than one page (30), so the oldest 15 load only on scrolling up.
  for (let i = 1; i <= 45; i++) await apiPost(`/chats/${chat.id}/messages`, { message: `Mensagem ${i} do plantão` }, token);

  const { page } = b;
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, bruno.email, bruno.password);
  await page.goto(`/chats/${chat.uuid}`);
  await shows(page.getByTestId('chat-message').filter({ hasText: 'Mensagem 45 do plantão' }), 'the newest message');
  await page.waitForFunction(() => {
    const pane = document.querySelector('[data-testid="chat-messages"]') as HTMLElement | null;
    return !!pane && pane.scrollHeight - pane.scrollTop - pane.clientHeight < 2;
  });
  const opened = await page.evaluate(paneState);
  expect(opened).toMatchObject({ scrollable: true, pageGrows: false, inputInView: true, loaded: 30 });

  const dir = shotsDir('long-chat');
  if (dir) await snapAtBothSizes(page, dir, 'chat-open-newest');

  // Scrolling up in the pane loads the older page (pageNumber 2) and keeps the reader's place.
  await page.getByTestId('chat-messages').evaluate((pane) => pane.scrollTo({ top: 0 }));
  await shows(page.getByTestId('chat-message').filter({ hasText: 'Mensagem 1 do plantão' }), 'the oldest message, loaded on scroll up');
  const older = await page.evaluate(paneState);
  expect(older).toMatchObject({ loaded: 45, pageGrows: false, inputInView: true });
  expect(older.scrollTop).toBeGreaterThan(0); // not thrown to the top of what was loaded

  // On a phone the conversation tab has the same shape: the newest message, the pane scrolling, the input in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await shows(page.getByTestId('chat-message').filter({ hasText: 'Mensagem 45 do plantão' }), 'the newest message on the phone');
  await page.waitForFunction(() => {
    const pane = document.querySelector('[data-testid="chat-messages"]') as HTMLElement | null;
    return !!pane && pane.scrollHeight - pane.scrollTop - pane.clientHeight < 2;
  });
  expect(await page.evaluate(paneState)).toMatchObject({ scrollable: true, pageGrows: false, inputInView: true });
  if (dir) await snapAtBothSizes(page, dir, 'chat-phone');
});
