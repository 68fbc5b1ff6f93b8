import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import AllConnectionsPage from './AllConnectionsPage';
import { connectionView, metaLoginSettings } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const auth = vi.hoisted(() => ({
  user: {
    id: 1,
    companyId: 1,
    profile: 'admin',
    super: true,
    company: { plan: { useWhatsapp: true, useFacebook: true, useInstagram: true } },
  },
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

let rows = [
  { ...connectionView(1, 'Atendimento', { companyId: 5, status: 'CONNECTED' }), companyName: 'Padaria' },
  { ...connectionView(2, 'Loja', { companyId: 5, status: 'DISCONNECTED' }), companyName: 'Padaria' },
  { ...connectionView(3, 'Oficial', { companyId: 6, channel: 'whatsappapi', status: 'CONNECTED' }), companyName: 'Oficina' },
];

describe('AllConnectionsPage', { timeout: 90_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async () => rows);
    api.post.mockResolvedValue({ message: 'ok' });
    api.delete.mockResolvedValue({ message: 'ok' });
  });

  test('counts per company and in total; the modal offers the session actions of each status and reads the list again after one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AllConnectionsPage />);
    const padaria = (await screen.findByText('Padaria')).closest('tr') as HTMLElement;
    expect(
      within(padaria)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Padaria', '1', '1', '2', '']);
    expect(screen.getByText('Total geral').closest('tr')).toHaveTextContent('Total geral213');

    await user.click(within(padaria).getByRole('button', { name: 'Ver conexões' }));
    const modal = await screen.findByRole('dialog', { name: 'Padaria' });
    const [connected, disconnected] = within(modal).getAllByTestId('company-connection-row');
    rows = rows.map((r) => (r.id === 1 ? { ...r, status: 'DISCONNECTED' } : r));
    await user.click(within(connected).getByRole('button', { name: 'Desconectar' }));
    expect(api.delete).toHaveBeenCalledWith('/whatsappsession/admin/1');
    await waitFor(() => expect(within(modal).getAllByRole('button', { name: 'Tentar novamente' })).toHaveLength(2));
    await user.click(within(disconnected).getByRole('button', { name: 'Novo QR CODE' }));
    expect(api.put).toHaveBeenCalledWith('/whatsappsession/2');
    expect(api.get).toHaveBeenCalledTimes(3); // the first read and one after each action
  });

  test("the company modal edits, deletes and adds that company's connections, as that company", async () => {
    api.get.mockImplementation(async (path: string) => {
      if (path === '/whatsapp-admin/1') return rows[0];
      if (path === '/meta/login-settings') return metaLoginSettings();
      if (path === '/queue' || path.startsWith('/companySettings')) return path === '/queue' ? [] : {};
      return rows;
    });
    api.put.mockImplementation(async (_path: string, body: object) => ({ ...rows[0], ...body }));
    api.post.mockImplementation(async (path: string, body: { name?: string }) =>
      path.startsWith('/whatsapp?') ? { ...rows[1], id: 9, name: body.name } : { message: 'ok' },
    );
    const user = userEvent.setup();
    renderWithProviders(<AllConnectionsPage />);
    const padaria = (await screen.findByText('Padaria')).closest('tr') as HTMLElement;
    await user.click(within(padaria).getByRole('button', { name: 'Ver conexões' }));
    const modal = await screen.findByRole('dialog', { name: 'Padaria' });
    const [first, second] = within(modal).getAllByTestId('company-connection-row');

    // Edit: the record is read through the super user's /whatsapp-admin/{id} and saved with PUT /whatsapp/{id}.
    await user.click(within(first).getByRole('button', { name: 'Editar' }));
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    expect(api.get).toHaveBeenCalledWith('/whatsapp-admin/1');
    await user.clear(name);
    await user.type(name, 'Balcão');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/whatsapp/1', expect.objectContaining({ name: 'Balcão' })));

    // Delete, after the confirmation.
    await user.click(within(second).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir a conexão Loja?' });
    await user.click(within(confirm).getAllByRole('button').at(-1) as HTMLElement);
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/whatsapp/2'));

    // Add: the menu offers WhatsApp, Facebook and Instagram; a WhatsApp is created in the company shown.
    await user.click(await within(modal).findByRole('button', { name: 'Nova conexão' }));
    for (const entry of [/^WhatsApp$/, /^Facebook/, /^Instagram/]) expect(screen.getByRole('menuitem', { name: entry })).toBeEnabled();
    await user.click(screen.getByRole('menuitem', { name: 'WhatsApp' }));
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Nova');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/whatsapp?companyId=5', expect.objectContaining({ name: 'Nova' })));

    // Facebook goes to POST /facebook?companyId= of the same company (here through the manual "Avançado" path:
    // no Meta app is set, and the dialog says what the operator must set).
    await user.click(await within(modal).findByRole('button', { name: 'Nova conexão' }));
    await user.click(screen.getByRole('menuitem', { name: /^Facebook/ }));
    const login = await screen.findByRole('dialog', { name: 'Conectar Facebook com a Meta' });
    expect(await within(login).findByText('Login da Meta não configurado')).toBeInTheDocument();
    await user.click(within(login).getByRole('button', { name: 'Avançado: informar manualmente' }));
    const facebook = await screen.findByRole('dialog', { name: 'Conectar Facebook' });
    await user.type(within(facebook).getByLabelText(/ID do usuário do Facebook/), '123');
    await user.type(within(facebook).getByLabelText(/Token de acesso/), 'tok');
    await user.click(within(facebook).getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/facebook?companyId=5', expect.objectContaining({ facebookUserId: '123' })));
  });
});
