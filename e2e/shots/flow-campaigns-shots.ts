// Screenshots of the phrase campaigns screen (issue 18 "Screens to look at") at 1366x768: the list, the new and
// edit dialogs, and the connection dialog's "default flow" tab. Not a test: run by hand after building
//   npx tsx e2e/shots/flow-campaigns-shots.ts [output dir]
// It starts the built server on a scratch PostgreSQL database (chatflow_shots_flows) and writes two flows straight
// into the flows table (the flow editor is another feature's).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loginAs } from '../src/auth';
import { launchChromium } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, REPO_ROOT, type RunningServer, startServer } from '../src/server';

const OUT = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'e2e/screenshots/flow-campaigns'));
const PG = process.env.SHOTS_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'chatflow_shots_flows';
const sql = (query: string) => execFileSync('psql', [`${PG}/${DB}`, '-v', 'ON_ERROR_STOP=1', '-tAc', query], { encoding: 'utf8' }).trim();

/** The built server on a fresh scratch database, so the script can write flows straight into it. */
function startShotsServer(): Promise<RunningServer> {
  execFileSync('psql', [`${PG}/postgres`, '-c', `drop database if exists ${DB}`, '-c', `create database ${DB}`]);
  return startServer({ DATABASE_URL: `${PG}/${DB}`, WHATSAPP_WEB: 'off', LOG_LEVEL: 'warn' }, { logName: 'flow-campaigns-shots.log' });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startShotsServer();
  const browser = await launchChromium();
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
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
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
    await server.stop();
  }
}

void main().then(
  () => console.log(`screenshots in ${OUT}`),
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
