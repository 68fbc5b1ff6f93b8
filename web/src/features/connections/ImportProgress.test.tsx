import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ConnectionsPage from './ConnectionsPage';
import { connectionView } from './testing';

// The import of old messages on the connections page (spec 2 §4) and the actions each channel offers.

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const auth = vi.hoisted(() => ({
  user: { id: 1, companyId: 2, profile: 'admin', allowConnections: 'disabled', company: { plan: { useWhatsapp: true } } },
  subscriptionValid: true,
  logout: vi.fn(),
}));
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

let list = [connectionView(1, 'Atendimento')];

describe('import of old messages on the connections page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    list = [connectionView(1, 'Atendimento')];
    api.get.mockImplementation(async (path: string) => {
      if (path === '/whatsapp') return list;
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockResolvedValue({ message: 'Tickets fechados com sucesso', count: 3 });
  });

  test('live progress: a preparing card, then this / all with the date of the message, gone on refresh', async () => {
    renderWithProviders(<ConnectionsPage />);
    await screen.findAllByTestId('connection-row');
    expect(screen.queryByTestId('import-progress')).not.toBeInTheDocument();
    act(() => events.get('importMessages')?.({ action: 'update', status: { this: -1, all: -1, date: null } }));
    expect(screen.getByTestId('import-progress')).toHaveTextContent('Preparando a importação');
    act(() => events.get('importMessages')?.({ action: 'update', status: { this: 40, all: 160, date: '2025-02-03T12:05:00' } }));
    const card = screen.getByTestId('import-progress');
    expect(card).toHaveTextContent('40 de 160 mensagens');
    expect(card).toHaveTextContent('Mensagem de 03/02/2025 12:05');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    list = [connectionView(1, 'Atendimento', { statusImportMessages: 'renderButtonCloseTickets' })];
    act(() => events.get('importMessages')?.({ action: 'refresh' }));
    expect(screen.queryByTestId('import-progress')).not.toBeInTheDocument();
    // The list is read again: the finished import offers to close its tickets.
    expect(await screen.findByRole('button', { name: 'Fechar tickets importados' })).toBeEnabled();
  });

  test('the close button calls POST /closedimported/{id} and says how many tickets were closed', async () => {
    list = [connectionView(1, 'Atendimento', { statusImportMessages: 'renderButtonCloseTickets' })];
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Fechar tickets importados' }));
    expect(api.post).toHaveBeenCalledWith('/closedimported/1');
    expect(await screen.findByText('3 tickets importados foram fechados.')).toBeInTheDocument();
  });

  test('an import started within 35 seconds shows a disabled "preparing" button; an older stamp shows nothing', async () => {
    list = [
      connectionView(1, 'Atendimento', { statusImportMessages: String(Date.now() - 5_000) }),
      connectionView(2, 'Loja', { statusImportMessages: String(Date.now() - 60_000) }),
    ];
    renderWithProviders(<ConnectionsPage />);
    const [recent, old] = await screen.findAllByTestId('connection-row');
    expect(within(recent).getByRole('button', { name: 'Preparando importação' })).toBeDisabled();
    expect(within(old).queryByRole('button', { name: 'Preparando importação' })).not.toBeInTheDocument();
  });
});

describe('session actions per channel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
  });

  test('Cloud API, Facebook and Instagram offer no disconnect, QR or pairing; only "try again" while not connected', async () => {
    list = [
      connectionView(1, 'API oficial', { channel: 'whatsappapi', status: 'CONNECTED' }),
      connectionView(2, 'Facebook', { channel: 'facebook', status: 'CONNECTED' }),
      connectionView(3, 'Instagram', { channel: 'instagram', status: 'DISCONNECTED' }),
      connectionView(4, 'WhatsApp', { channel: 'whatsapp', status: 'CONNECTED' }),
    ];
    api.get.mockImplementation(async () => list);
    renderWithProviders(<ConnectionsPage />);
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(4));
    const [cloud, facebook, instagram, phone] = screen.getAllByTestId('connection-row');
    for (const row of [cloud, facebook]) expect(within(row).queryByRole('button', { name: /Desconectar|QR CODE|Tentar/ })).toBeNull();
    expect(within(instagram).getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    expect(within(instagram).queryByRole('button', { name: 'Novo QR CODE' })).toBeNull();
    expect(within(phone).getByRole('button', { name: 'Desconectar' })).toBeEnabled();
  });
});
