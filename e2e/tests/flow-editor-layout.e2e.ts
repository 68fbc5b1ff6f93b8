import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminToken, apiPost, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

/** How many of the canvas's node cards lie wholly inside its visible pane. */
async function nodesInView(page: Page): Promise<{ inside: number; total: number }> {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
    const cards = Array.from(document.querySelectorAll('.react-flow__node')).map((n) => n.getBoundingClientRect());
    if (!pane) return { inside: 0, total: cards.length };
    const inside = cards.filter((c) => c.left >= pane.left && c.right <= pane.right && c.top >= pane.top && c.bottom <= pane.bottom);
    return { inside: inside.length, total: cards.length };
  });
}

test('the editor folds the side menu, places twelve added nodes so fit view shows them all, and on a phone offers the list', async () => {
  const { page } = b;
  const flow = await apiPost<{ id: number }>('/flowbuilder', { name: `Doze nós ${unique()}` }, await adminToken());
  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.locator('[data-testid="drawer"][data-open="true"]').waitFor();

  await page.goto(`/flowbuilder/${flow.id}`);
  await shows(page.getByTestId('flow-node-start'), 'the start node');
  // The side menu folded to icons: the canvas has the width.
  await page.locator('[data-testid="drawer"][data-open="false"]').waitFor();

  for (let i = 1; i <= 11; i++) {
    await page.getByTestId('flow-add-node').click();
    await page.getByTestId('flow-add-message').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Mensagem ao fluxo' });
    await dialog.getByLabel('Mensagem').fill(`Mensagem número ${i}`);
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await hides(dialog, `the message dialog ${i}`);
  }
  await page.getByTestId('flow-save').click();
  await shows(toast(page, 'Fluxo salvo com sucesso'), 'the saved toast');

  // Opened again, fit view shows every card of the twelve.
  await page.reload();
  await shows(page.getByText('Mensagem número 11'), 'the last message node');
  await page.locator('.react-flow__controls-fitview').click();
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 12);
  expect(await nodesInView(page)).toEqual({ inside: 12, total: 12 });

  const dir = shotsDir('flow-editor');
  if (dir) await snapAtBothSizes(page, dir, 'twelve-nodes');

  // A phone gets a notice instead of an unusable canvas, and the way to the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await shows(page.getByText('O editor de fluxos precisa de uma tela maior'), 'the phone notice');
  await page.getByRole('button', { name: 'Ver a lista de fluxos' }).click();
  await atPath(page, '/flowbuilders');
  await page.setViewportSize({ width: 1366, height: 768 });
});
