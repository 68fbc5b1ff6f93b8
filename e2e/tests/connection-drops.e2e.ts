import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiAt } from '../src/api';
import { loginAs } from '../src/auth';
import { launchChromium } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from '../src/server';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, hides, shows, toast } from '../src/wait';

/**
 * Issue 32, WhatsApp Web sessions that come back: a server of its own whose WhatsApp Web is the fake
 * phone (WHATSAPP_WEB_TRANSPORT=fake-phone: a phone that reads the QR at once, no network) on a
 * scratch PostgreSQL database, so the test can drop a phone's socket the way WhatsApp closes it (a
 * row in fake_phone_drops). The connection card says why, the admin gets a toast, "Tentar novamente"
 * brings it back without a QR, a lost network comes back by itself.
 */
const PG = (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '');
const DB = 'chatflow_e2e_drops';
const sql = (query: string) => execFileSync('psql', [`${PG}/${DB}`, '-v', 'ON_ERROR_STOP=1', '-tAc', query], { encoding: 'utf8' }).trim();
/** The scenario needs a PostgreSQL server (CI has one); a machine without it skips it and says so. */
const postgresReachable = (() => {
  try {
    execFileSync('psql', [`${PG}/postgres`, '-tAc', 'select 1'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    console.warn(`connection-drops: no PostgreSQL at ${PG}; scenario skipped`);
    return false;
  }
})();
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!postgresReachable) return;
  execFileSync('psql', [`${PG}/postgres`, '-qc', `drop database if exists ${DB}`, '-qc', `create database ${DB}`]);
  server = await startServer({ DATABASE_URL: `${PG}/${DB}`, WHATSAPP_WEB_TRANSPORT: 'fake-phone' }, { logName: 'server-drops.log' });
  sql('create table fake_phone_drops (number text not null, code integer not null)');
  browser = await launchChromium();
}, 300_000); // a second server's first start (migrations on a fresh database)
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A JSON call to this file's server. */
const call = <T>(method: string, path: string, body: unknown, token?: string) => apiAt(server.baseUrl)<T>(method, path, body, token);

const rowOf = (page: Page, name: string) => page.getByTestId('connection-row').filter({ hasText: name });

test.skipIf(!postgresReachable)(
  'a phone opened on another computer: the card says so, the admin is told, "Tentar novamente" brings it back; a lost network comes back by itself',
  async () => {
    const { token } = await call<{ token: string }>('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const name = `Loja ${Date.now() % 100000}`;
    const created = await call<{ id: number }>('POST', '/whatsapp', { name, provider: 'beta' }, token);
    // The fake phone reads the QR at once: CONNECTED with its number.
    let number = '';
    for (let i = 0; i < 100 && !number; i++) {
      number = sql(`select number from connections where id = ${created.id} and status = 'CONNECTED'`);
      if (!number) await new Promise((r) => setTimeout(r, 200));
    }
    expect(number).toMatch(/^5511\d+$/);

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/connections');
    await atPath(page, '/connections');
    const row = rowOf(page, name);
    await shows(row.locator('[data-status="CONNECTED"]'), 'the connected phone');

    // WhatsApp closes the socket: opened on another computer (440).
    sql(`insert into fake_phone_drops values ('${number}', 440)`);
    await shows(row.locator('[data-status="DISCONNECTED"]'), 'the connection, down');
    await shows(row.getByTestId('connection-down').filter({ hasText: 'Conectado em outro computador' }), 'why it is down, on its card');
    await shows(toast(page, `A conexão "${name}" caiu: Conectado em outro computador`), 'the toast telling the admin');
    const dir = shotsDir('connection-drops');
    if (dir) await snapAtBothSizes(page, dir, 'replaced-live');

    // "Tentar novamente": the same login again, no QR code to read.
    await row.getByRole('button', { name: 'Tentar novamente' }).click();
    await shows(row.locator('[data-status="CONNECTED"]'), 'the connection, back after "Tentar novamente"');
    await hides(row.getByTestId('connection-down'), 'the reason, once it is back');
    expect(sql(`select count(*) from connections where id = ${created.id} and qrcode <> ''`)).toBe('0');

    // The phone loses its network (428): the card asks about it and the session comes back by itself.
    sql(`insert into fake_phone_drops values ('${number}', 428)`);
    await shows(toast(page, `A conexão "${name}" caiu: Celular sem internet?`), 'the toast of a lost network');
    await shows(row.locator('[data-status="CONNECTED"]'), 'the connection, back by itself', 30_000);

    if (dir) {
      // Every down state the card tells, as sessions leave them (not started: nothing moves them).
      const companyId = sql(`select company_id from connections where id = ${created.id}`);
      const states: [string, string, string][] = [
        ['Sem internet', 'TIMEOUT', 'connection-lost'],
        ['Deslogado', 'DISCONNECTED', 'logged-out'],
        ['Outro computador', 'DISCONNECTED', 'replaced'],
        ['Bloqueado', 'DISCONNECTED', 'banned'],
        ['QR expirado', 'DISCONNECTED', 'qr-expired'],
      ];
      for (const [label, status, reason] of states)
        sql(
          `insert into connections (company_id, name, provider, status, down_reason, number, token) values (${companyId}, '${label}', 'beta', '${status}', '${reason}', '5511900000000', md5(random()::text))`,
        );
      await page.reload();
      await shows(rowOf(page, 'QR expirado').getByTestId('connection-down'), 'the last down state');
      await snapAtBothSizes(page, dir, 'down-states');
      await page.goto('/');
      await shows(page.getByTestId('connections-down'), 'the dashboard notice of connections down');
      await snapAtBothSizes(page, dir, 'dashboard');
    }
    await context.close();
  },
  180_000,
);
