import { expect, test } from 'vitest';
import { adminToken, apiGet, apiPost, apiPut, createUser } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox, customerNumber, customerSays, pendingTicketsOf } from '../src/inbox';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, shows } from '../src/wait';

const b = useBrowser();
const SHOTS = shotsDir('queues-report-panel');

test('queue modal (integration option, attendant search, token), report contact picker, live panel', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const bot = await apiPost<{ id: number }>(
    '/queueIntegration',
    { type: 'webhook', name: `Robô ${inbox.tag}`, urlN8N: 'https://hooks.example.com/e2e' },
    await adminToken(),
  );
  const attendant = await createUser({ profile: 'user', name: `Atendente ${inbox.tag}` });
  const number = customerNumber();
  await customerSays(inbox.connectionId, number, `Cliente ${inbox.tag}`, 'Olá, quero saber do meu pedido');
  // Each admin login replaces the admin's session: log in right before the calls.
  const [ticket] = await pendingTicketsOf(await adminToken(), inbox.tag);

  // 1. The queue modal: an option that runs an integration, one that goes to an attendant found by search, a token.
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.goto('/queues');
  await page.getByTestId('add-queue').click();
  await page.getByTestId('queue-name').fill(`Pedidos ${inbox.tag}`);
  await page.getByTestId('chatbot-add-1').click();
  const first = page.getByTestId('chatbot-option-1').nth(0);
  await first.getByTestId('chatbot-option-name').fill('Meus pedidos');
  await first.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Integração', exact: true }).click();
  await first.getByRole('combobox', { name: 'Integração' }).click();
  await page.getByRole('option', { name: `Robô ${inbox.tag}` }).click();
  await page.getByTestId('chatbot-add-1').click();
  const second = page.getByTestId('chatbot-option-1').nth(1);
  await second.getByTestId('chatbot-option-name').fill('Falar com atendente');
  await second.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Atendente', exact: true }).click();
  await second.getByTestId('chatbot-option-attendant').fill('At');
  await shows(page.getByText('Digite ao menos 3 letras do nome ou e-mail'), 'the 3-character hint');
  await second.getByTestId('chatbot-option-attendant').fill(`Atendente ${inbox.tag}`);
  await page.getByRole('option', { name: new RegExp(`Atendente ${inbox.tag}`) }).click();
  await page.getByTestId('queue-token').fill(`tok-${inbox.tag}`);
  await page.getByLabel('Mensagem de saudação').fill('Olá! Escolha uma opção:');
  if (SHOTS) await snapAtBothSizes(page, SHOTS, 'queue-modal');
  await page.getByTestId('queue-save').click();
  await shows(page.getByText(`Pedidos ${inbox.tag}`), 'the new queue in the list');
  const saved = (
    await apiGet<{ name: string; hasToken: boolean; chatbots: Record<string, unknown>[] }[]>('/queue', await adminToken())
  ).find((q) => q.name === `Pedidos ${inbox.tag}`);
  expect(saved?.hasToken).toBe(true);
  expect(saved?.chatbots).toMatchObject([
    { name: 'Meus pedidos', queueType: 'integration', optIntegrationId: bot.id },
    { name: 'Falar com atendente', queueType: 'attendent', optUserId: attendant.id },
  ]);

  // 2. The report filtered by one contact, picked by typing.
  await page.goto('/reports');
  await atPath(page, '/reports');
  await page.getByTestId('report-contact').fill(inbox.tag);
  await page.getByRole('option', { name: new RegExp(`Cliente ${inbox.tag}`) }).click();
  await shows(page.getByTestId(`report-row-${ticket.id}`), "the contact's ticket in the report");
  await expect.poll(() => page.locator('[data-testid^="report-row-"]').count()).toBe(1);
  if (SHOTS) await snapAtBothSizes(page, SHOTS, 'report-contact');

  // 3. The live panel: the ticket's connection and minutes waited; an agent logging in turns Online; a rename shows.
  await page.goto('/moments');
  await atPath(page, '/moments');
  await shows(page.getByTestId(`panel-connection-${ticket.id}`).getByText(/Simulador/), "the ticket's connection");
  await shows(page.getByTestId(`panel-waited-${ticket.id}`).getByText(/min/), 'the minutes waited');
  await shows(page.getByTestId('moments-legend'), 'the waiting legend');
  const presence = page.getByTestId(`panel-card-user-${attendant.id}-presence`);
  await shows(presence.getByText('Offline', { exact: true }), 'the attendant offline');
  const other = await (await b.openContext()).newPage();
  await loginAs(other, attendant.email, attendant.password);
  await shows(presence.getByText('Online', { exact: true }), 'the attendant online once logged in');
  await apiPut(`/contacts/${ticket.contact.id}`, { name: `Renomeado ${inbox.tag}`, number }, await adminToken());
  await shows(page.getByTestId(`panel-ticket-${ticket.id}`).getByText(`Renomeado ${inbox.tag}`), 'the new contact name');
  if (SHOTS) await snapAtBothSizes(page, SHOTS, 'moments');
});
