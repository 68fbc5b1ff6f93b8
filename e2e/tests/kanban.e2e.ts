import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { adminToken } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { createInbox, customerNumber, customerSays } from '../src/inbox';
import { shows } from '../src/wait';

const b = useBrowser();
const SHOTS = process.env.SHOTS_DIR;

async function call<T>(method: string, path: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const lane = (page: Page, name: string) =>
  page.getByTestId('kanban-lane').filter({ has: page.getByRole('heading', { name, exact: true }) });
const card = (scope: Locator, contact: string) => scope.getByTestId('kanban-card').filter({ hasText: contact });

/** Drags with the mouse the way a person does: press, move a little (the sensor's threshold), travel, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const z = await to.boundingBox();
  if (!a || !z) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + 32, { steps: 4 });
  await page.mouse.move(z.x + z.width / 2, z.y + 120, { steps: 12 });
  await page.mouse.up();
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
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("an agent drags a card to another lane and a second agent's board shows it there live", async () => {
  const { page } = b;
  const inbox = await createInbox();
  const token = await adminToken();
  const proposal = `Proposta ${inbox.tag}`;
  await call('POST', '/tags', { name: proposal, color: '#8e24aa', kanban: 1 }, token);
  await call('POST', '/tags', { name: `Fechamento ${inbox.tag}`, color: '#2e7d32', kanban: 1 }, token);
  const second = { name: `Segunda ${inbox.tag}`, email: `e2e-kanban-${inbox.tag}@example.com`, password: 'Senha123' };
  await call('POST', '/users', { ...second, profile: 'user', queueIds: [inbox.queueId] }, token);

  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.goto('/Kanban');
  await shows(lane(page, proposal), 'the lane of the kanban tag');
  await shoot(page, 'kanban-empty');

  const other = await (await b.openContext()).newPage();
  await loginAs(other, second.email, second.password);
  await other.goto('/Kanban');
  await shows(lane(other, proposal), "the lane on the second agent's board");

  // Customers write: their tickets appear in the default lane of both boards without a reload.
  const contacts = [`Cliente ${inbox.tag}`, `Maria ${inbox.tag}`, `João ${inbox.tag}`];
  for (const [i, name] of contacts.entries()) await customerSays(inbox.connectionId, customerNumber(), name, `Quero um orçamento ${i + 1}`);
  const contact = contacts[0];
  await shows(card(lane(page, 'Em aberto'), contact), 'the new ticket in the default lane');
  await shows(card(lane(other, 'Em aberto'), contact), "the new ticket on the second agent's board");
  for (const name of contacts) await shows(card(lane(page, 'Em aberto'), name), `${name}'s ticket on the board`);
  await shoot(page, 'kanban-board');

  await drag(page, card(lane(page, 'Em aberto'), contact), lane(page, proposal));
  await shows(card(lane(page, proposal), contact), 'the card in the lane it was dropped on');
  await shows(card(lane(other, proposal), contact), "the moved card on the second agent's board");
  expect(await card(lane(other, 'Em aberto'), contact).count()).toBe(0);
  await shoot(other, 'kanban-moved');

  // "Ver Ticket" opens the conversation.
  await card(lane(page, proposal), contact).getByTestId('kanban-card-open').click();
  await shows(page.getByTestId('ticket-header').filter({ hasText: contact }), 'the ticket opened from its card');

  // The lanes page, reached by the admin's "+ Adicionar colunas".
  await page.goto('/Kanban');
  await page.getByTestId('kanban-add-lanes').click();
  await shows(page.getByTestId('lane-row').filter({ hasText: proposal }), 'the lane in the lanes table');
  await shoot(page, 'kanban-lanes');
  await page.getByTestId('add-lane').click();
  await shows(page.getByTestId('lane-name'), 'the lane dialog');
  await shoot(page, 'kanban-lane-dialog');
});

test('the to-do list adds, edits and deletes tasks and keeps them in the browser', async () => {
  const { page } = b;
  const inbox = await createInbox();
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await page.goto('/todolist');
  await shows(page.getByTestId('todo-empty'), 'the empty list');
  await shoot(page, 'todolist-empty');
  for (const text of ['Ligar para a Maria', 'Enviar proposta', '   ']) {
    await page.getByTestId('todo-input').fill(text);
    await page.getByTestId('todo-submit').click();
  }
  await shows(page.getByTestId('todo-item').filter({ hasText: 'Enviar proposta' }), 'the second task');
  expect(await page.getByTestId('todo-item').count()).toBe(2);
  await page.getByTestId('todo-item').filter({ hasText: 'Enviar proposta' }).getByRole('button', { name: 'Editar' }).click();
  await page.getByTestId('todo-input').fill('Enviar proposta revisada');
  await page.getByTestId('todo-submit').click();
  await shows(page.getByTestId('todo-item').filter({ hasText: 'Enviar proposta revisada' }), 'the edited task');
  await page.reload();
  await shows(page.getByTestId('todo-item').filter({ hasText: 'Enviar proposta revisada' }), 'the task after a reload');
  await shoot(page, 'todolist');
  await page.getByTestId('todo-item').filter({ hasText: 'Ligar para a Maria' }).getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirmar|Excluir|Sim/ })
    .click();
  await shows(page.getByTestId('todo-item').filter({ hasText: 'Enviar proposta revisada' }), 'the task that stays');
  expect(await page.getByTestId('todo-item').count()).toBe(1);
});
