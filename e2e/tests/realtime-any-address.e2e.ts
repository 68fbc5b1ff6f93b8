import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAt } from '../src/api';
import { loginAs } from '../src/auth';
import { launchChromium } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from '../src/server';

/**
 * Issue 31: the app opened at an address other than PUBLIC_URL (here 127.0.0.1 while PUBLIC_URL says
 * localhost) used to load every screen while the socket was refused, so nothing updated and nobody knew.
 * A server of its own, since the run's shared one is reached at its PUBLIC_URL.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { logName: 'server-any-address.log', publicUrlOf: (port) => `http://localhost:${port}` });
  browser = await launchChromium();
}, 300_000); // a second server's first start (migrations on a fresh data directory)
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A JSON call to this file's server. */
const call = <T>(method: string, path: string, body: unknown, token?: string) => apiAt(server.baseUrl)<T>(method, path, body, token);

test('opened at 127.0.0.1 while PUBLIC_URL says localhost, the socket is accepted and the app gets live updates', async () => {
  expect(new URL(server.baseUrl).hostname).toBe('127.0.0.1');
  const { token } = await call<{ token: string }>('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const agent = { name: 'Agente', email: 'agente-any-address@example.com', password: 'Senha123' };
  await call('POST', '/users', { ...agent, profile: 'user', queueIds: [] }, token);

  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  // The namespace's connect packet ("40/{companyId},…"): the handshake was accepted (it used to be refused with 400).
  const joined = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).startsWith('40/') && resolve())),
  );
  await loginAs(page, agent.email, agent.password);
  await joined;

  // A live update: the app name the super user changes reaches the agent's page through the socket.
  const appName = `Ao vivo ${Date.now()}`;
  await call('PUT', '/settings/appName', { value: appName }, token);
  await page.waitForFunction((expected) => document.title === expected, appName, { timeout: 15_000 });
  expect(await page.getByTestId('realtime-offline').count()).toBe(0);

  await context.close();
});
