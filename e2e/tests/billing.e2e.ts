import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { adminToken, apiGet, apiLogin, apiPost, unique } from '../src/api';
import { menuLink, submitLogin } from '../src/auth';
import { useBrowser } from '../src/browser';
import { atPath, hides, shows } from '../src/wait';

const b = useBrowser();
const SHOTS = process.env.SHOTS_DIR;
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_billing';

/** The screenshots issue 19 asks for, at the desktop and the phone size. */
async function snap(page: Page, name: string) {
  if (!SHOTS) return;
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/billing-${name}-${viewport.width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const isoDaysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function putSetting(token: string, key: string, value: string) {
  const res = await fetch(`${inject('baseUrl')}/settings/${key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ value }),
  });
  if (!res.ok) throw new Error(`PUT /settings/${key} answered ${res.status}: ${await res.text()}`);
}

/** A company of its own with its first admin (the company's e-mail, this password). */
async function companyWithAdmin(superToken: string, name: string, dueDate: string) {
  const email = `e2e-billing-${unique()}@example.com`;
  const plans = await apiGet<{ id: number }[]>('/plans/all', superToken);
  const company = await apiPost<{ id: number }>(
    '/companies',
    { name, email, planId: plans[0].id, status: true, dueDate, recurrence: 'MENSAL', password: 'Senha123' },
    superToken,
  );
  return { id: company.id, email, password: 'Senha123' };
}

const checkoutBody = {
  firstName: 'Pagador E2E',
  document: '12345678909',
  email: 'pagador@example.com',
  plan: 'custom',
  users: 3,
  connections: 3,
};

/** Stripe's checkout.session.completed for a session, signed as Stripe signs it, with the amount it collected (cents). */
async function postStripeCompletion(sessionId: string, amountTotal: number) {
  const body = JSON.stringify({
    id: `evt_${unique()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', amount_total: amountTotal } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  return fetch(`${inject('baseUrl')}/subscription/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body,
  });
}

test('an expired company logs in, lands on /financeiro, pays its invoice through the wizard and is renewed live', async () => {
  const { page } = b;
  const superToken = await adminToken();
  await putSetting(superToken, 'stripePrivateKey', 'sk_test_fake');
  await putSetting(superToken, 'stripeWebhookSecret', STRIPE_WEBHOOK_SECRET);
  const expired = await companyWithAdmin(superToken, `Vencida ${unique()}`, isoDaysFromToday(-3));
  // A second company whose invoice is not due yet, so the super user's list shows every status.
  const current = await companyWithAdmin(superToken, `Em dia ${unique()}`, isoDaysFromToday(20));
  await apiPost('/subscription', checkoutBody, await apiLogin(current.email, current.password));
  // The expired company's invoice for its due date (what the invoice job makes), created through the checkout API.
  const first = await apiPost<{ stripeURL: string }>('/subscription', checkoutBody, await apiLogin(expired.email, expired.password));

  await submitLogin(page, expired.email, expired.password);
  await atPath(page, '/financeiro');
  await shows(page.getByTestId('subscription-expired'), 'the expired-subscription message');
  await shows(page.getByText('Faturas (1)'), 'the invoice count in the title');
  const row = page.getByTestId('invoice-row');
  await shows(row.filter({ hasText: 'Vencido' }), 'the overdue invoice');
  expect(await row.getAttribute('data-status')).toBe('overdue');
  expect(await menuLink(page, 'Conexões').count()).toBe(0);
  await snap(page, 'financeiro-expired');

  await row.getByTestId('pay-invoice').click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await shows(dialog, 'the checkout wizard');
  await dialog.getByTestId('checkout-next').click();
  await shows(dialog.getByText('O nome completo é obrigatório'), 'the full-name message');
  await snap(page, 'checkout-data-errors');
  await dialog.getByTestId('checkout-name').fill('Maria Pagadora');
  await dialog.getByTestId('checkout-document').fill('123.456.789-09');
  await snap(page, 'checkout-data');
  await dialog.getByTestId('checkout-next').click();
  await shows(dialog.getByTestId('checkout-users'), 'the custom plan counters');
  await dialog.getByRole('button', { name: 'Aumentar Usuários' }).click();
  await dialog.getByRole('button', { name: 'Aumentar Conexões' }).click();
  await shows(dialog.getByText('R$ 80,00/mês'), 'the custom price (49 + 11 + 20)');
  await snap(page, 'checkout-customize');
  await dialog.getByTestId('checkout-next').click();
  await shows(dialog.getByTestId('checkout-review'), 'the review step');
  await snap(page, 'checkout-review');
  await dialog.getByRole('button', { name: 'Finalizar' }).click();
  const stripeLink = dialog.getByTestId('pay-stripe');
  await shows(stripeLink, 'the Stripe payment link');
  await snap(page, 'checkout-payment');
  const href = (await stripeLink.getAttribute('href')) ?? '';
  expect(href).toContain(`${inject('paymentsUrl')}/stripe/pay/cs_test_`);

  const forged = await fetch(`${inject('baseUrl')}/subscription/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    body: '{}',
  });
  expect(forged.status).toBe(401);
  const paid = await postStripeCompletion(href.split('/').pop() ?? '', 8000); // R$ 80,00, the price shown
  expect(paid.status).toBe(200);

  const renewed = dialog.getByTestId('payment-renewed');
  await shows(renewed, 'the renewal message');
  const text = (await renewed.textContent()) ?? '';
  expect(text).toMatch(/^Sua licença foi renovada até \d{2}\/\d{2}\/\d{4}!$/);
  await snap(page, 'renewed');
  const company = await apiGet<{ dueDate: string }>(`/companies/${expired.id}`, superToken);
  const [y, m, d] = company.dueDate.slice(0, 10).split('-');
  expect(text).toContain(`${d}/${m}/${y}`);
  await atPath(page, '/', 20_000);
  await hides(dialog, 'the checkout wizard');
  await shows(menuLink(page, 'Conexões'), 'the connections menu entry, back without a new login');

  // The first checkout's session (R$ 49,00) was superseded by the wizard's: its late completion buys nothing
  // and is listed for the super user.
  const late = await postStripeCompletion(first.stripeURL.split('/').pop() ?? '', 4900);
  expect(late.status).toBe(200);

  const other = await (await b.openContext()).newPage();
  await submitLogin(other, 'admin@chatflow.local', 'Admin123');
  await atPath(other, '/tickets');
  await other.goto('/financeiro');
  for (const status of ['Pago', 'Em Aberto'])
    await shows(other.getByTestId('invoice-row').filter({ hasText: status }), `a ${status} invoice`);
  const notices = other.getByTestId('payment-notices');
  await shows(notices, "the super user's payment notices");
  await notices.getByText(/^Avisos de pagamento \(\d+\)$/).click();
  await shows(
    notices.getByTestId('payment-notice-row').filter({ hasText: 'Pagamento de cobrança substituída' }).filter({ hasText: 'Vencida' }),
    'the late payment of the superseded charge',
  );
  await snap(other, 'financeiro-super');
});
