// Screenshots of the connections screens (issue 13 "Screens to look at"), at 1366x768 and 390x844:
// the connections page with one connection in each status, the QR dialog, the connection dialog's
// tabs, and a Cloud API conversation in the inbox. Not a test: run by hand after building
//   npx tsx e2e/shots/connections-shots.ts [output dir]
// It starts the built server on a scratch PostgreSQL database (TEST_DATABASE_URL's server, database
// chatflow_shots) so the session states can be written straight into the connections table while it
// runs; WhatsApp Web is off, so nothing moves those states. The Cloud API message arrives through
// the signed webhook, as Meta would send it.
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loginAs } from '../src/auth';
import { launchChromium } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, REPO_ROOT, type RunningServer, startServer } from '../src/server';
import { animationsDone } from '../src/wait';

const OUT = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'e2e/screenshots/connections'));
const PG = process.env.SHOTS_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'chatflow_shots';
const SECRET = 'shots-app-secret';
const sql = (query: string) => execFileSync('psql', [`${PG}/${DB}`, '-v', 'ON_ERROR_STOP=1', '-tAc', query], { encoding: 'utf8' }).trim();

/** The built server on a fresh scratch database, so the script can write session states straight into it. */
function startShotsServer(): Promise<RunningServer> {
  execFileSync('psql', [`${PG}/postgres`, '-c', `drop database if exists ${DB}`, '-c', `create database ${DB}`]);
  return startServer(
    { DATABASE_URL: `${PG}/${DB}`, WHATSAPP_WEB: 'off', META_APP_SECRET: SECRET, META_VERIFY_TOKEN: 'shots', LOG_LEVEL: 'warn' },
    { logName: 'connections-shots.log' },
  );
}

/** The connections of every state the page shows (spec 2 §4), written as a session would leave them. */
function seedConnections(companyId: number) {
  const rows: [string, string, string, string, string][] = [
    // name, channel, provider, status, extra columns (number, qrcode, statusImportMessages)
    ['Atendimento', 'whatsapp', 'beta', 'CONNECTED', `'5511987654321', '', 'renderButtonCloseTickets'`],
    [
      'Celular novo',
      'whatsapp',
      'beta',
      'qrcode',
      `'', '2@qWc9rk1Jc0QkC3pP8JxJx0a2fS7m5mHcWq1E4uB0o0c=,Kx9Jw2u8Zr0=,aGVsbG8gd29ybGQ=', ''`,
    ],
    ['Pareando', 'whatsapp', 'beta', 'PAIRING', `'', '', ''`],
    ['Reconectando', 'whatsapp', 'beta', 'TIMEOUT', `'5511912345678', '', ''`],
    ['Abrindo', 'whatsapp', 'beta', 'OPENING', `'', '', ''`],
    ['Loja Centro', 'whatsapp', 'beta', 'DISCONNECTED', `'5511955554444', '', ''`],
    ['Importando', 'whatsapp', 'beta', 'CONNECTED', `'5511933332222', '', '${Date.now() + 10 * 60_000}'`],
    ['Facebook Loja', 'facebook', 'facebook', 'CONNECTED', `'', '', ''`],
    ['Instagram Loja', 'instagram', 'instagram', 'DISCONNECTED', `'', '', ''`],
  ];
  for (const [name, channel, provider, status, extra] of rows) {
    sql(`insert into connections (company_id, name, channel, provider, status, token, number, qrcode, status_import_messages, facebook_page_user_id)
      values (${companyId}, '${name}', '${channel}', '${provider}', '${status}', '${randomBytes(15).toString('hex')}', ${extra},
      ${channel === 'whatsapp' ? `''` : `'${randomBytes(6).toString('hex')}'`})`);
  }
}

/** A customer's message on the Cloud API connection, through the signed webhook as Meta delivers it. */
async function cloudMessage(baseUrl: string, phoneNumberId: string, text: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Maria Cliente' }, wa_id: '5511944443333' }],
              messages: [
                {
                  from: '5511944443333',
                  id: `wamid.${randomBytes(8).toString('hex')}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  const res = await fetch(`${baseUrl}/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startShotsServer();
  const { baseUrl } = server;
  const browser = await launchChromium();
  try {
    const companyId = Number(sql(`select company_id from users where email = '${ADMIN_EMAIL}'`));
    seedConnections(companyId);
    const cloudId = `10${Date.now()}`;
    sql(`insert into connections (company_id, name, channel, provider, status, token, facebook_page_user_id, token_meta, number)
      values (${companyId}, 'API oficial', 'whatsappapi', 'whatsappapi', 'CONNECTED', '${randomBytes(15).toString('hex')}', '${cloudId}', 'EAAG-shots', '15550001111')`);
    await cloudMessage(baseUrl, cloudId, 'Olá! Meu pedido 4521 ainda não chegou, podem verificar?');

    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, locale: 'pt-BR' });
      const page = await context.newPage();
      // Dialogs fade in and tab indicators slide: a shot waits until no transition runs (spinners loop forever, so are left out).
      const shot = async (name: string) => {
        await animationsDone(page);
        await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`) });
      };
      await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto('/connections');
      await page.getByTestId('connection-row').first().waitFor();
      await shot('connections');
      if (width < 600) {
        await page.getByTestId('connection-row').nth(5).scrollIntoViewIfNeeded();
        await shot('connections-scrolled');
      }

      await page.getByTestId('connection-row').filter({ hasText: 'Celular novo' }).getByRole('button', { name: 'QR CODE' }).click();
      await page.getByRole('dialog').waitFor();
      await shot('qr-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await page.getByTestId('connection-row').filter({ hasText: 'Atendimento' }).getByRole('button', { name: 'Editar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar conexão' });
      await dialog.waitFor();
      for (const tab of ['general', 'integrations', 'messages', 'chatbot', 'assessments']) {
        await dialog.getByTestId(`connection-tab-${tab}`).click();
        await shot(`dialog-${tab}`);
      }
      await dialog.getByTestId('connection-tab-general').click();
      await dialog.getByRole('textbox', { name: 'Nome' }).focus();
      await page.mouse.wheel(0, 2000);
      await shot('dialog-general-bottom');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      await page.goto('/tickets');
      await page
        .getByRole('tab', { name: /Aguardando/ })
        .click()
        .catch(() => {});
      await page.getByText('Maria Cliente').first().click();
      await page.getByTestId('reply-window').waitFor();
      await page.getByText('Meu pedido 4521').last().waitFor();
      await shot('cloud-api-conversation');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`screenshots in ${OUT}`);
}

await main();
