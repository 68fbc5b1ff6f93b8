import type { Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { adminToken } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ticketItem } from '../src/conversation';
import { createInbox } from '../src/inbox';
import { withCustomerPhone } from '../src/phone';
import { hides, shows } from '../src/wait';
import { shotsDir } from '../src/shots';

const b = useBrowser();
const SHOTS = shotsDir('automation');
/** The main company's time zone (companies.time_zone's default, which the seed keeps). */
const COMPANY_TIME_ZONE = 'America/Sao_Paulo';

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

/**
 * Sets company settings for one scenario and puts the former values back afterwards: the scenarios
 * share the main company, and the next file must find it as it was.
 */
async function withSettings(values: Record<string, string>, use: () => Promise<void>) {
  const before = await adminCall<{ key: string; value: string }[]>('GET', '/settings');
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, before.find((s) => s.key === k)?.value ?? 'disabled']));
  for (const [key, value] of Object.entries(values)) await adminCall('PUT', `/settings/${key}`, { value });
  try {
    await use();
  } finally {
    for (const [key, value] of Object.entries(previous)) await adminCall('PUT', `/settings/${key}`, { value });
  }
}

/** HH:MM of the hour `offset` hours from now, in the company's time zone (wrapping past midnight). */
function hourFromNow(offset: number): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: COMPANY_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
  );
  return `${String((hour + offset) % 24).padStart(2, '0')}:00`;
}

async function snap(phone: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await phone.setViewportSize({ width, height });
    await phone.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

async function customerTypes(phone: Page, text: string) {
  const box = phone.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await shows(phone.getByText(text, { exact: true }).last(), `the customer's "${text}" on the phone`);
}

test("out of the queue's service hours the customer gets its out-of-hours answer on the simulator page", async () => {
  const inbox = await createInbox();
  // Service hours of one hour, two to three hours from now every day: the present is outside them at any hour.
  const shift = { startTimeA: hourFromNow(2), endTimeA: hourFromNow(3), startTimeB: '', endTimeB: '' };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const away = `Estamos fora do horário de atendimento ${inbox.tag}`;
  await adminCall('PUT', `/queue/${inbox.queueId}`, {
    schedules: days.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, ...shift })),
    outOfHoursMessage: away,
  });
  await withSettings({ scheduleType: 'queue' }, () =>
    withCustomerPhone(b, inbox.connectionId, async (phone) => {
      await phone.getByLabel('Nome do cliente').fill(`Cliente ${inbox.tag}`);
      await customerTypes(phone, `Oi, vocês estão aí? ${inbox.tag}`);
      await shows(phone.getByText(away).last(), 'the out-of-hours answer');
      await snap(phone, 'out-of-hours');
    }),
  );
});

test('resolve and send rating: the customer rates 10 on the phone and the resolved list shows the face', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  const askRating = `De 0 a 10, que nota você dá ao atendimento? ${inbox.tag}`;
  await adminCall('PUT', `/whatsapp/${inbox.connectionId}`, {
    complationMessage: `Obrigado pelo contato ${inbox.tag}`,
    ratingMessage: askRating,
    expiresTicketNPS: 60,
  });
  await withSettings({ userRating: 'enabled' }, async () => {
    // The agent logs in after the setting is on: the session carries the company's settings.
    await loginAs(page, inbox.agent.email, inbox.agent.password);
    await withCustomerPhone(b, inbox.connectionId, async (phone) => {
      await phone.getByLabel('Nome do cliente').fill(contact);
      await customerTypes(phone, `Preciso de ajuda ${inbox.tag}`);

      await page.getByRole('tab', { name: /Aguardando/ }).click();
      await ticketItem(page, contact).getByRole('button', { name: 'Aceitar' }).click();
      await shows(page.getByTestId('ticket-header').filter({ hasText: contact }), 'the accepted conversation');
      await page.getByTestId('ticket-resolve').click();
      await page.getByRole('menuitem', { name: 'Resolver e enviar avaliação' }).click();
      await hides(page.getByTestId('ticket-resolve'), 'the resolve button after resolving');

      await shows(phone.getByText(askRating).last(), 'the rating request on the phone');
      await customerTypes(phone, '10');
      await shows(phone.getByText('Obrigado pela sua avaliação!').last(), 'the thanks for the rating');
      await snap(phone, 'rating');

      await page.getByRole('button', { name: 'Resolvidos' }).click();
      await shows(ticketItem(page, contact).getByRole('img', { name: 'love' }), 'the love face on the rated ticket');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/rating-list-1366.png` });
    });
  });
});
