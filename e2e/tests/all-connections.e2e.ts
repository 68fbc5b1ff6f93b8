import { test } from 'vitest';
import { adminToken, apiGet, apiPost, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, shows } from '../src/wait';

const b = useBrowser();

test("the super admin disconnects a company's connection from /allConnections and brings it back", async () => {
  const { page } = b;
  const token = await adminToken();
  const name = `Sim ${unique()}`;
  const created = await apiPost<{ id: number }>('/whatsapp', { name, provider: 'simulator' }, token);
  const all = await apiGet<{ id: number; companyName: string }[]>('/whatsapp/all/', token);
  const companyName = all.find((c) => c.id === created.id)?.companyName ?? '';

  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await menuLink(page, 'Gerenciar Conexões').click();
  await atPath(page, '/allConnections');
  await page.getByRole('row').filter({ hasText: companyName }).getByRole('button', { name: 'Ver conexões' }).click();
  const modal = page.getByRole('dialog', { name: companyName });
  const row = modal.getByTestId('company-connection-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Desconectar' }).click();
  await shows(row.getByRole('button', { name: 'Tentar novamente' }), 'the retry action once disconnected');
  await row.getByRole('button', { name: 'Tentar novamente' }).click();
  await shows(row.getByRole('button', { name: 'Desconectar' }), 'the disconnect action once connected again');
});
