import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import AllConnectionsPage from './AllConnectionsPage';
import { connectionView } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

let rows = [
  { ...connectionView(1, 'Atendimento', { companyId: 5, status: 'CONNECTED' }), companyName: 'Padaria' },
  { ...connectionView(2, 'Loja', { companyId: 5, status: 'DISCONNECTED' }), companyName: 'Padaria' },
  { ...connectionView(3, 'Oficial', { companyId: 6, channel: 'whatsappapi', status: 'CONNECTED' }), companyName: 'Oficina' },
];

describe('AllConnectionsPage', { timeout: 20_000 }, () => {
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
});
