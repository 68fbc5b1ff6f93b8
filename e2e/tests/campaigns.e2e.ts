import type { Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { adminToken, createUser, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { customerConversation, customerNumber } from '../src/inbox';
import { shows } from '../src/wait';
import { useTempDir } from '../fixtures/files';
import { makePng } from '../fixtures/png';
import { makeXlsx } from '../fixtures/xlsx';

const b = useBrowser();
const files = useTempDir();
/** Screenshots of every campaign screen at both sizes when set (the engineers' review folder). */
const SHOTS = process.env.CAMPAIGN_SHOTS;

async function api<T>(method: string, path: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

const localMinute = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

test('an admin imports a contact list, runs a campaign through the simulator and watches the report reach 100%', async () => {
  const { page } = b;
  const tag = unique();
  const token = await adminToken();
  const connection = await api<{ id: number }>('POST', '/whatsapp', { name: `Simulador campanhas ${tag}`, provider: 'simulator' }, token);
  // No pauses and no closed hours, so the scenario runs whatever the day and time.
  await api(
    'POST',
    '/campaign-settings',
    {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '00:00',
        endHour: '00:00',
        sabado: true,
        domingo: true,
      },
    },
    token,
  );
  const admin = await createUser({ profile: 'admin' });
  const numbers = [customerNumber(), customerNumber(), customerNumber()];
  const sheet = files.write(
    `lista-${tag}.xlsx`,
    await makeXlsx(
      'Contatos',
      ['nome', 'numero', 'email'],
      [
        [`Ana ${tag}`, numbers[0], `ana-${tag}@example.com`],
        [`Bruno ${tag}`, numbers[1], ''],
        [`Carla ${tag}`, numbers[2], ''],
        [`Ruim ${tag}`, '12', ''],
      ],
    ),
  );

  await loginAs(page, admin.email, admin.password);
  await page.goto('/contact-lists');
  await shows(page.getByRole('heading', { name: 'Listas de Contatos' }), 'the contact lists page');
  await shoot(page, 'contact-lists');
  await page.getByTestId('add-contact-list').click();
  await page.getByTestId('contact-list-name').fill(`Clientes ${tag}`);
  await page.getByTestId('contact-list-save').click();
  const row = page.getByTestId('contact-list-row').filter({ hasText: `Clientes ${tag}` });
  await shows(row, 'the new list');
  await row.getByRole('button', { name: 'Contatos da lista' }).click();
  await shows(page.getByTestId('contact-list-title').filter({ hasText: `Clientes ${tag}` }), 'the items page');
  await shoot(page, 'contact-list-items-empty');
  await page.getByTestId('import-file').setInputFiles(sheet);
  await shows(page.getByTestId('import-summary').getByText('3 contatos criados, 1 ignorados.'), 'the import summary');
  await shows(page.getByText(`Linha 5 (12): número inválido`), 'the ignored row and its reason');
  await shoot(page, 'contact-list-import-summary');
  await page.getByTestId('import-close').click();
  await shows(page.getByTestId('contact-list-item-row').filter({ hasText: `Ana ${tag}` }), 'the imported items');
  await shows(page.getByLabel('Número com WhatsApp').first(), 'the WhatsApp-valid icon');
  await shoot(page, 'contact-list-items');

  await page.goto('/campaigns');
  await shows(page.getByRole('heading', { name: 'Campanhas' }), 'the campaigns page');
  await page.getByTestId('add-campaign').click();
  await page.getByTestId('campaign-name').fill(`Promo ${tag}`);
  await page.getByTestId('campaign-whatsappId').click();
  await page.getByRole('option', { name: `Simulador campanhas ${tag}` }).click();
  await page.getByTestId('campaign-contactListId').click();
  await page.getByRole('option', { name: `Clientes ${tag}` }).click();
  await page.getByTestId('campaign-scheduledAt').fill(localMinute(new Date()));
  await page.getByTestId('campaign-message1').fill('Olá {nome}, temos uma oferta!');
  // The attachment every contact receives with the message (the text as its caption).
  await page.getByTestId('campaign-file').setInputFiles(files.write(`folheto-${tag}.png`, makePng(16, 16).bytes));
  await shows(page.getByTestId('campaign-attachment').filter({ hasText: `folheto-${tag}.png` }), 'the chosen attachment');
  await shoot(page, 'campaign-modal');
  await page.getByTestId('campaign-save').click();
  const campaignRow = page.getByTestId('campaign-row').filter({ hasText: `Promo ${tag}` });
  await shows(campaignRow, 'the new campaign');
  await campaignRow.getByRole('button', { name: 'Relatório' }).click();
  await shows(page.getByTestId('campaign-progress').filter({ hasText: '100%' }), 'the report at 100%', 60_000);
  await shows(page.getByTestId('campaign-report-status').filter({ hasText: 'Finalizada' }), 'the finished status');
  await shows(
    page
      .getByTestId('shipping-row')
      .filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ })
      .first(),
    'a delivery time in the records',
  );
  await shoot(page, 'campaign-report');
  const received = await customerConversation(connection.id, numbers[0]);
  if (!received.some((m) => m.body === `Olá Ana ${tag}, temos uma oferta!` && m.type === 'image'))
    throw new Error(`Ana did not receive the campaign message with its image: ${JSON.stringify(received)}`);

  await page.goto('/campaigns');
  await shows(campaignRow, 'the campaign list');
  await shoot(page, 'campaigns');
  await page.goto('/campaigns-config');
  await shows(page.getByRole('heading', { name: 'Configurações de Campanhas' }), 'the settings page');
  await shoot(page, 'campaigns-config');
});
