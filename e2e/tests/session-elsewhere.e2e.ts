import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { createUser } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { atPath, shows, toast } from '../src/wait';

const b = useBrowser();

function expectEqual<T>(actual: T, expected: T, what: string) {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/**
 * Resolves when the page's socket.io connection has joined a company namespace: the server's CONNECT
 * answer (`40/<namespace>,{"sid":…}`), sent once the handshake passed and the session's rooms are joined.
 */
function namespaceJoined(page: Page, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page never joined its company namespace')), timeoutMs);
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (/^40\/\d+,/.test(String(payload))) {
          clearTimeout(timer);
          resolve();
        }
      }),
    );
  });
}

/**
 * One live session per user (spec 1 §4.1, §4.3): two browsers — two computers, nothing shared — log in
 * as the same person. The second login ends the first session; the first browser is told "Sua conta foi
 * acessada em outro computador.", its local storage is cleared and it reloads onto the login page.
 */
test('a login on another computer logs the first browser out and tells its user why', async () => {
  const user = await createUser({ profile: 'user' });
  const first = b.page;
  const socketJoined = namespaceJoined(first);
  await loginAs(first, user.email, user.password);
  // The signal reaches sockets in the session's room: wait until the first browser's socket is in.
  await socketJoined;
  const firstToken = await first.evaluate(() => localStorage.getItem('token'));
  if (!firstToken) throw new Error('the first browser holds no token after logging in');

  // The message shows for about a second before the page reloads, so watch for it from before the
  // second login: that login's own page load can take longer than the message stays.
  const told = shows(toast(first, 'Sua conta foi acessada em outro computador.'), 'the session-taken-over message in the first browser');
  told.catch(() => {}); // awaited below; a failing second login must not also leave it unhandled
  const second = await (await b.openContext()).newPage();
  await loginAs(second, user.email, user.password);
  await told;
  await atPath(first, '/login');
  await shows(first.getByRole('button', { name: 'Entrar', exact: true }), 'the login form in the first browser');
  expectEqual(await first.evaluate(() => localStorage.getItem('token')), null, 'token left in the first browser');

  // The old session is over on the server too: its token no longer opens anything.
  const withOldToken = await first.evaluate(async (token) => {
    const res = await fetch('/auth/me', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    return res.status;
  }, firstToken);
  expectEqual(withOldToken, 401, 'GET /auth/me with the first browser’s token');

  // The second browser keeps working, also after a reload (its refresh cookie is the live one).
  await second.reload();
  await atPath(second, '/tickets');
  await shows(second.getByTestId('greeting'), 'the greeting in the second browser after a reload');
  await first.goto('/tickets');
  await atPath(first, '/login');
});
