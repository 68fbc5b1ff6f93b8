import { test } from 'vitest';
import { adminToken, apiGet, apiPost, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, shows } from '../src/wait';

const b = useBrowser();

/**
 * One simulator connection for both scenarios: the seeded company's plan allows ten connections and the whole
 * e2e run shares that company, so each scenario adding its own would run into the limit.
 */
let shared: Promise<{ id: number; name: string; companyName: string }> | undefined;
function companyConnection(token: string) {
  shared ??= (async () => {
    const name = `Sim ${unique()}`;
    const created = await apiPost<{ id: number }>('/whatsapp', { name, provider: 'simulator' }, token);
    const all = await apiGet<{ id: number; companyName: string }[]>('/whatsapp/all/', token);
    return { id: created.id, name, companyName: all.find((c) => c.id === created.id)?.companyName ?? '' };
  })();
  return shared;
}

test("the super admin disconnects a company's connection from /allConnections and brings it back", async () => {
  const { page } = b;
  const token = await adminToken();
  const { name, companyName } = await companyConnection(token);

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

test("the super admin renames a company's connection from the /allConnections modal; queues and payments screens shot", async () => {
  const { page } = b;
  const token = await adminToken();
  const { name, companyName } = await companyConnection(token);
  const shots = shotsDir('daily-use-reachable');
  // A queue linked to no connection, for the shots of its notice (only when shots are taken: the seeded plan's
  // ten queues are shared by the whole run).
  if (shots) {
    const color = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
    await apiPost('/queue', { name: `Fila ${unique()}`, color, greetingMessage: 'Olá!' }, token);
  }

  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await menuLink(page, 'Gerenciar Conexões').click();
  await atPath(page, '/allConnections');
  await page.getByRole('row').filter({ hasText: companyName }).getByRole('button', { name: 'Ver conexões' }).click();
  const modal = page.getByRole('dialog', { name: companyName });
  await shows(modal.getByRole('button', { name: 'Nova conexão' }), 'the add menu in the company modal');
  if (shots) await snapAtBothSizes(page, shots, 'all-connections-modal');
  const row = modal.getByTestId('company-connection-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Editar' }).click();
  const nameField = page.getByRole('textbox', { name: 'Nome' });
  await nameField.fill(`${name} editada`);
  if (shots) await snapAtBothSizes(page, shots, 'all-connections-edit');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await shows(modal.getByTestId('company-connection-row').filter({ hasText: `${name} editada` }), 'the renamed connection in the modal');

  if (shots) {
    await page.goto(new URL('/queues', page.url()).toString());
    await shows(page.getByTestId('queue-no-connection').first(), 'a queue without connection');
    await snapAtBothSizes(page, shots, 'queues-unlinked');
    await page.getByTestId('queue-no-connection').first().locator('xpath=ancestor::tr').getByRole('button', { name: 'Editar' }).click();
    await shows(page.getByTestId('queue-unlinked'), 'the unlinked notice in the queue modal');
    await snapAtBothSizes(page, shots, 'queue-modal-unlinked');
    await page.goto(new URL('/settings?tab=payments', page.url()).toString());
    await shows(page.getByText('Token de acesso do webhook').first(), 'the Asaas webhook token field');
    await snapAtBothSizes(page, shots, 'settings-payments');
  }
});
