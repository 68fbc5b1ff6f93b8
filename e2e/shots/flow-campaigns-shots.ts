// Screenshots of the phrase campaigns screen (issue 18 "Screens to look at") at 1366x768: the list, the new and
// edit dialogs, and the connection dialog's "default flow" tab. Not a test: run by hand after building
//   npx tsx e2e/shots/flow-campaigns-shots.ts [output dir]
// It starts the built server on a scratch PostgreSQL database (chatflow_shots_flows) and writes two flows straight
// into the flows table (the flow editor is another feature's).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, REPO_ROOT } from '../src/server';

const OUT = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'e2e/screenshots/flow-campaigns'));
const PG = process.env.SHOTS_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'chatflow_shots_flows';
const sql = (query: string) => execFileSync('psql', [`${PG}/${DB}`, '-v', 'ON_ERROR_STOP=1', '-tAc', query], { encoding: 'utf8' }).trim();

async function startServer(): Promise<{ baseUrl: string; child: ChildProcess }> {
  execFileSync('psql', [`${PG}/postgres`, '-c', `drop database if exists ${DB}`, '-c', `create database ${DB}`]);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'chatflow-shots-')), 'data'),
      DATABASE_URL: `${PG}/${DB}`,
      ADMIN_PASSWORD,
      WEB_DIST: path.join(REPO_ROOT, 'web/dist'),
      WHATSAPP_WEB: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${baseUrl}/version`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function login(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByTestId('greeting').waitFor();
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const { baseUrl, child } = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const companyId = Number(sql(`select company_id from users where email = '${ADMIN_EMAIL}'`));
    for (const name of ['Boas-vindas', 'Promoção de verão', 'Suporte técnico']) {
      sql(`insert into flows (company_id, name, flow) values (${companyId}, '${name}', '{"nodes":[],"connections":[]}')`);
    }
    sql(
      `insert into connections (company_id, name, provider, status, token) values (${companyId}, 'Loja Centro', 'simulator', 'CONNECTED', 'shotsshotsshotsshotsshotsshot1')`,
    );
    sql(
      `insert into connections (company_id, name, provider, status, token) values (${companyId}, 'Atendimento', 'beta', 'DISCONNECTED', 'shotsshotsshotsshotsshotsshot2')`,
    );
    const flow = sql(`select id from flows where name = 'Promoção de verão'`);
    const conn = sql(`select id from connections where name = 'Loja Centro'`);
    sql(`insert into flow_campaigns (company_id, name, flow_id, connection_id, phrase, phrase_key, status)
      values (${companyId}, 'Verão 2026', ${flow}, ${conn}, 'Quero a promoção', 'queroapromocao', true),
             (${companyId}, 'Suporte', ${flow}, null, 'ajuda', 'ajuda', false)`);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await login(page);
    await page.goto('/phrase-lists');
    await page.getByText('Verão 2026').waitFor();
    await page.screenshot({ path: path.join(OUT, 'phrase-lists.png') });
    await page.getByTestId('add-flow-campaign').click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('flow-campaign-save').click();
    await page.getByText('Obrigatório').first().waitFor();
    await page.screenshot({ path: path.join(OUT, 'phrase-new-errors.png') });
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('row').filter({ hasText: 'Verão 2026' }).getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('flow-campaign-connection').click();
    await page.getByRole('listbox').waitFor();
    await page.screenshot({ path: path.join(OUT, 'phrase-edit-connections.png') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(OUT, 'phrase-edit.png') });
    await page.goto('/connections');
    await page.getByRole('row').filter({ hasText: 'Loja Centro' }).getByRole('button', { name: 'Editar' }).click();
    await page.getByTestId('connection-tab-defaultFlow').click();
    await page.getByText('Fluxo de boas-vindas').first().waitFor();
    await page.screenshot({ path: path.join(OUT, 'connection-default-flow.png') });
  } finally {
    await browser.close();
    child.kill();
  }
}

void main().then(
  () => console.log(`screenshots in ${OUT}`),
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
