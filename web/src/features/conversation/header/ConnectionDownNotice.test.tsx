import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ConnectionDownNotice } from './ConnectionDownNotice';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));

const NOTICE = 'Conexão desconectada: a mensagem será enviada quando voltar';

beforeEach(() => vi.clearAllMocks());

describe('the conversation says when its connection is down (issue 31)', () => {
  test('a disconnected connection shows the notice; connected again (whatsappSession) it goes', async () => {
    api.get.mockResolvedValue({ id: 4, name: 'Vendas', status: 'DISCONNECTED' });
    renderWithProviders(<ConnectionDownNotice connectionId={4} />);
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/whatsapp/4');
    act(() => events.get('whatsappSession')?.({ action: 'update', session: { id: 4, name: 'Vendas', status: 'CONNECTED' } }));
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    act(() => events.get('whatsappSession')?.({ action: 'update', session: { id: 9, name: 'Outra', status: 'DISCONNECTED' } }));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  test('a connected connection shows nothing', async () => {
    api.get.mockResolvedValue({ id: 4, name: 'Vendas', status: 'CONNECTED' });
    renderWithProviders(<ConnectionDownNotice connectionId={4} />);
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
