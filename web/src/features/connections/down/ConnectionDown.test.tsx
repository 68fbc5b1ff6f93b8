import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { connectionView } from '../testing';
import { ConnectionDownNotice } from './ConnectionDownNotice';
import { ConnectionsDownCard } from './ConnectionsDownCard';
import { useConnectionDropToast } from './use-connection-drop-toast';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const notify = vi.hoisted(() => vi.fn());
const auth = vi.hoisted(() => ({ user: { id: 1, companyId: 2, profile: 'admin', allowConnections: 'disabled' }, logout: vi.fn() }));
vi.mock('../../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../lib/notify', () => ({ notify }));

describe('a connection down', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
  });

  test('the card says why and what to do, for each reason; nothing while it is up', () => {
    const { rerender } = renderWithProviders(
      <ConnectionDownNotice connection={connectionView(1, 'Loja', { status: 'TIMEOUT', downReason: 'connection-lost' })} />,
    );
    expect(screen.getByTestId('connection-down')).toHaveTextContent('Celular sem internet?');
    rerender(<ConnectionDownNotice connection={connectionView(1, 'Loja', { status: 'DISCONNECTED', downReason: 'logged-out' })} />);
    expect(screen.getByTestId('connection-down')).toHaveTextContent('Sessão encerrada no celular: leia o QR de novo');
    rerender(<ConnectionDownNotice connection={connectionView(1, 'Loja', { status: 'DISCONNECTED', downReason: 'replaced' })} />);
    expect(screen.getByTestId('connection-down')).toHaveTextContent('Conectado em outro computador');
    expect(screen.getByTestId('connection-down')).toHaveTextContent('Tentar novamente');
    rerender(<ConnectionDownNotice connection={connectionView(1, 'Loja', { status: 'CONNECTED', downReason: '' })} />);
    expect(screen.queryByTestId('connection-down')).toBeNull();
  });

  test('an admin gets a toast naming the connection and why when it drops', () => {
    renderHook(() => useConnectionDropToast(), { wrapper: ({ children }) => <>{children}</> });
    act(() => events.get('connectionDown')?.({ action: 'down', connectionId: 3, name: 'Loja', reason: 'replaced', at: '' }));
    expect(notify).toHaveBeenCalledWith('A conexão "Loja" caiu: Conectado em outro computador', 'warning', 8000);
  });

  test('the dashboard lists the connections down with why, and nothing when all are up', async () => {
    api.get.mockResolvedValue([
      connectionView(1, 'Atendimento', { status: 'CONNECTED' }),
      connectionView(2, 'Loja', { status: 'TIMEOUT', downReason: 'connection-lost' }),
      connectionView(3, 'Vendas', { status: 'DISCONNECTED' }),
    ]);
    renderWithProviders(<ConnectionsDownCard />);
    const card = await screen.findByTestId('connections-down');
    const items = within(card).getAllByTestId('connections-down-item');
    expect(items.map((i) => i.textContent)).toEqual(['LojaCelular sem internet?', 'VendasDesconectado']);
    expect(within(card).getByRole('link', { name: 'Ver conexões' })).toHaveAttribute('href', '/connections');
    act(() => events.get('whatsappSession')?.({ action: 'update', session: connectionView(2, 'Loja', { status: 'CONNECTED' }) }));
    act(() => events.get('whatsappSession')?.({ action: 'update', session: connectionView(3, 'Vendas', { status: 'CONNECTED' }) }));
    await waitFor(() => expect(screen.queryByTestId('connections-down')).toBeNull());
  });
});
