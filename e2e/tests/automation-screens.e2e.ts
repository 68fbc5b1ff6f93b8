import type { Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { adminToken, createUser, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { colorFrom } from '../src/inbox';
import { atPath, shows } from '../src/wait';
import { shotsDir } from '../src/shots';

// The screens of issue 14 at both judged sizes, built through the API so each shows a full example:
// the queue modal (data with a three-level chatbot tree, schedules), the settings options tab and the
// file lists page. Screenshots go to /work/notes/shots/automation.

const b = useBrowser();
const SHOTS = shotsDir('automation');
const SIZES = [
  [1366, 768],
  [390, 844],
] as const;

async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${await adminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function snap(page: Page, name: string, ready: () => Promise<void>) {
  if (!SHOTS) return ready();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await ready();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
}

test('the queue modal, the settings options and the file lists, at both sizes', async () => {
  const { page } = b;
  const tag = unique();
  const list = await adminCall<{ id: number }>('POST', '/files', {
    name: `Catálogo ${tag}`,
    message: 'Segue o nosso catálogo de produtos',
    options: [{ name: 'Tabela de preços' }, { name: 'Foto do produto' }],
  });
  await adminCall('POST', '/files', { name: `Contratos ${tag}`, message: 'Modelos de contrato', options: [{ name: 'Contrato padrão' }] });
  const queueName = `Vendas ${tag}`;
  const queue = await adminCall<{ id: number }>('POST', '/queue', {
    name: queueName,
    color: colorFrom(tag),
    greetingMessage: 'Bem-vindo às vendas! Escolha uma opção:',
    outOfHoursMessage: 'Nosso horário é de segunda a sexta, das 8h às 18h.',
    schedules: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day, i) => ({
      weekday: day,
      weekdayEn: day,
      ...(i < 5 ? { startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' } : {}),
    })),
    chatbots: [
      {
        name: 'Comercial',
        greetingMessage: 'Sobre o que deseja falar?',
        options: [
          {
            name: 'Planos',
            greetingMessage: 'Qual plano?',
            options: [
              { name: 'Básico', greetingMessage: 'O básico custa R$ 10 por mês' },
              { name: 'Premium', greetingMessage: 'O premium custa R$ 50 por mês' },
            ],
          },
          { name: 'Catálogo', queueType: 'file', optFileId: list.id },
        ],
      },
      { name: 'Encerrar', greetingMessage: 'Obrigado pelo contato!', closeTicket: true },
    ],
  });
  const before = await adminCall<{ key: string; value: string }[]>('GET', '/settings');
  const scheduleType = before.find((s) => s.key === 'scheduleType')?.value ?? 'disabled';
  await adminCall('PUT', '/settings/scheduleType', { value: 'queue' });
  const admin = await createUser({ profile: 'admin' });
  try {
    await loginAs(page, admin.email, admin.password);

    await menuLink(page, 'Filas & Chatbot').click();
    await atPath(page, '/queues');
    await page.getByRole('row').filter({ hasText: queueName }).getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar fila' });
    const thirdLevel = dialog.getByTestId('chatbot-option-3');
    await shows(thirdLevel.first(), 'the third level of the tree');
    await snap(page, 'queue-modal-data', async () => {
      await dialog.getByTestId('chatbot-option-2').first().scrollIntoViewIfNeeded();
    });
    await dialog.getByTestId('queue-tab-schedules').click();
    await snap(page, 'queue-modal-schedules', () => shows(dialog.getByTestId('queue-out-of-hours'), 'the schedules tab'));
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await snap(page, 'settings-options', () => shows(page.getByText('Avaliações').first(), 'the options tab'));

    await page.goto('/files');
    await snap(page, 'file-lists', () => shows(page.getByRole('row').filter({ hasText: `Catálogo ${tag}` }), 'the file lists'));
  } finally {
    await adminCall('PUT', '/settings/scheduleType', { value: scheduleType });
    await adminCall('DELETE', `/queue/${queue.id}`).catch(() => {});
  }
});
