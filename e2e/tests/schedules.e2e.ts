import { inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox } from '../src/inbox';
import { withCustomerPhone } from '../src/phone';
import { atPath, hides, shows, toast } from '../src/wait';
import { shotsDir } from '../src/shots';

const b = useBrowser();
const SHOTS = shotsDir('schedules');

async function snap(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** yyyy-MM-ddTHH:mm in this machine's time zone (the browser's too): what a datetime-local field takes. */
const localInput = (at: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}`;
};

/**
 * The first whole minute at least 15 s away: the field has minute precision and the server refuses the past,
 * and the few steps up to the save take a few seconds.
 */
function soonestMinute(): Date {
  const at = new Date(Date.now() + 15_000);
  if (at.getSeconds() || at.getMilliseconds()) at.setMinutes(at.getMinutes() + 1, 0, 0);
  return at;
}

test('a recurring schedule created from a contact is sent through the simulator at its time', { timeout: 240_000 }, async () => {
  const { page } = b;
  const inbox = await createInbox();
  const number = `5511${Date.now().toString().slice(-9)}`;
  const name = `Cliente Agenda ${unique()}`;
  const token = await apiLogin(inbox.agent.email, inbox.agent.password);
  const res = await fetch(`${inject('baseUrl')}/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, number }),
  });
  if (!res.ok) throw new Error(`POST /contacts answered ${res.status}: ${await res.text()}`);
  const contact = (await res.json()) as { id: number };

  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await menuLink(page, 'Agendamentos').click();
  await atPath(page, '/schedules');
  await shows(page.getByRole('button', { name: 'Mês' }), 'the calendar in Portuguese');
  await snap(page, 'calendar-empty');

  // From the contact: ?contactId opens the create dialog for that contact.
  await page.goto(`/schedules?contactId=${contact.id}`);
  const dialog = page.getByRole('dialog', { name: 'Novo Agendamento' });
  await shows(dialog, 'the new-schedule dialog');
  await shows(dialog.getByTestId('schedule-contact').and(page.locator(`[value="${name}"]`)), "the contact's name in the dialog");
  const text = `Lembrete recorrente ${unique()}`;
  await dialog.getByTestId('schedule-body').fill('Oi');
  await dialog.getByTestId('schedule-save').click();
  await shows(dialog.getByText('Mensagem muito curta'), 'the short-message error');
  await dialog.getByTestId('schedule-body').fill(text);
  const sendAt = soonestMinute();
  await dialog.getByTestId('schedule-sendAt').fill(localInput(sendAt));
  await dialog.getByTestId('schedule-intervalo').locator('..').click();
  await page.getByRole('option', { name: 'Minutos' }).click();
  await dialog.getByTestId('schedule-enviarQuantasVezes').fill('2');
  await snap(page, 'dialog-new');
  await dialog.getByTestId('schedule-save').click();
  await shows(toast(page, 'Agendamento salvo com sucesso.'), 'the saved toast');
  await hides(dialog, 'the dialog');
  await page.waitForURL((url) => url.pathname === '/schedules' && !url.search.includes('contactId'));
  await shows(page.getByTestId('schedule-event').filter({ hasText: name }), 'the send on the calendar, titled with the contact');
  await snap(page, 'calendar-with-data');

  // The customer's phone receives it at its time (the job is due at sendAt; nothing here sleeps).
  await withCustomerPhone(b, inbox.connectionId, async (phone) => {
    await phone.getByLabel('Número do cliente').fill(number);
    await shows(phone.getByText(text).first(), 'the scheduled message on the phone', 150_000);
    await snap(phone, 'phone-received');
  });

  // The dialog now says it was sent once of twice; its submit button is gone.
  await page.reload();
  const event = page.getByTestId('schedule-event').filter({ hasText: name });
  await shows(event, 'the schedule on the calendar');
  await event.getByRole('button', { name: 'Editar' }).click();
  const sent = page.getByRole('dialog', { name: 'Mensagem Pendente' });
  await shows(sent, 'the dialog titled with the status');
  await shows(sent.getByText(/Envios feitos: 1 de 2/), 'one send done of two');
  await hides(sent.getByTestId('schedule-save'), 'the submit button');
  await snap(page, 'dialog-sent');
});
