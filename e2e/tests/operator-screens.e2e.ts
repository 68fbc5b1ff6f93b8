import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminToken, apiGet, apiPost, unique } from '../src/api';
import { loginAs } from '../src/auth';
import { useBrowser } from '../src/browser';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { shows } from '../src/wait';

const b = useBrowser();

/** Nothing of the page reaches past the window's right edge: wide tables scroll inside themselves. */
async function expectNoSidewaysPageOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("the operator's day (issue 31): a new company gets its plan's limits; its empty invoice list says when the first invoice comes; wide tables stay inside the phone's screen", async () => {
  const { page } = b;
  const dir = shotsDir('operator');
  const superToken = await adminToken();
  const plan = await apiPost<{ id: number }>(
    '/plans',
    { name: `Plano ${unique()}`, amount: 99, users: 7, connections: 4, queues: 3 },
    superToken,
  );
  const email = `e2e-operator-${unique()}@example.com`;
  // Due in two months: its first invoice comes on the 1st of that month.
  const due = new Date();
  due.setUTCMonth(due.getUTCMonth() + 2, 15);
  const dueDate = due.toISOString().slice(0, 10);
  const company = await apiPost<{ id: number; numberAttendants: number; numberConections: number }>(
    '/companies',
    { name: `Operadora ${unique()}`, email, planId: plan.id, status: true, dueDate, password: 'Senha123' },
    superToken,
  );
  expect(company).toMatchObject({ numberAttendants: 7, numberConections: 4 });
  expect((await apiGet<{ numberAttendants: number }>(`/companies/${company.id}`, superToken)).numberAttendants).toBe(7);

  await loginAs(page, email, 'Senha123');
  await page.goto('/financeiro');
  const empty = page.getByTestId('invoices-empty');
  await shows(empty, 'the empty invoice list');
  const [y, m] = dueDate.split('-');
  expect(await empty.textContent()).toContain(`A primeira fatura aparece aqui em 01/${m}/${y}`);
  if (dir) await snapAtBothSizes(page, dir, 'financeiro-empty');

  const root = await (await b.openContext()).newPage();
  await loginAs(root, 'admin@chatflow.local', 'Admin123');
  for (const [path, name, ready] of [
    ['/companies', 'companies', 'table'],
    ['/settings?tab=plans', 'plans', 'table'],
    ['/financeiro', 'financeiro-super', 'table'],
  ] as const) {
    await root.goto(path);
    // `:visible`: the super user's /financeiro may hold a folded payment-notices table before the invoices'.
    await shows(root.locator(`${ready}:visible`).first(), `the ${name} table`);
    await root.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysPageOverflow(root);
    await root.setViewportSize({ width: 1366, height: 768 });
    await expectNoSidewaysPageOverflow(root);
    if (dir) await snapAtBothSizes(root, dir, name);
  }
});
