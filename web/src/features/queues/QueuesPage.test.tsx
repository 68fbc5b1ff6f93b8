import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import QueuesPage from './QueuesPage';
import { queueView } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <QueuesPage />
    </QueryClientProvider>,
  );
}

describe('QueuesPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/companySettingOne') return { key: 'scheduleType', value: 'disabled' };
      if (path === '/users/list') return [];
      if (path === '/files') return { files: [], count: 0, hasMore: false };
      if (path !== '/queue') throw new Error(`unexpected GET ${path}`);
      return [
        queueView(1, 'Vendas', { orderQueue: 1, greetingMessage: 'Olá! Bem-vindo ao setor de vendas. '.repeat(4) }),
        queueView(2, 'Suporte', { color: '#00ff00', orderQueue: 5 }),
      ];
    });
  });

  test('renders one row per queue from GET /queue, with the count in the title', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
    expect(screen.getByTestId('queues-title')).toHaveTextContent('Filas & Chatbot (2)');
    const [vendas, suporte] = screen.getAllByTestId('queue-row');
    expect(within(vendas).getByText('Vendas')).toBeInTheDocument();
    expect(within(vendas).getByLabelText('#ff0000')).toBeInTheDocument();
    expect(within(vendas).getByText(/^Olá! Bem-vindo.*…$/)).toBeInTheDocument(); // long greeting truncated
    expect(within(suporte).getByText('Suporte')).toBeInTheDocument();
    expect(within(suporte).getByText('5')).toBeInTheDocument();
  });

  test('realtime events add, update and remove rows in bot order', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
    act(() => events.get('queue')!({ action: 'create', queue: queueView(3, 'Financeiro', { orderQueue: 0, color: '#0000ff' }) }));
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('queue-row')[0]).getByText('Financeiro')).toBeInTheDocument();
    act(() => events.get('queue')!({ action: 'delete', queueId: 1 }));
    await waitFor(() => expect(screen.queryByText('Vendas')).toBeNull());
    expect(screen.getByTestId('queues-title')).toHaveTextContent('(2)');
  });

  test('the modal validates with the contract and shows a taken colour as the error toast', async () => {
    const { ApiError } = await import('../../lib/api');
    api.post.mockRejectedValueOnce(new ApiError(400, 'ERR_QUEUE_COLOR_ALREADY_EXISTS'));
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
    await userEvent.click(screen.getByTestId('add-queue'));
    const name = await screen.findByTestId('queue-name');
    expect(name).toHaveFocus();
    await userEvent.type(name, 'x{Enter}');
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.type(name, 'yz');
    await userEvent.clear(screen.getByTestId('queue-color'));
    await userEvent.type(screen.getByTestId('queue-color'), '#ff0000');
    await userEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/queue', {
      name: 'xyz',
      color: '#ff0000',
      orderQueue: null,
      greetingMessage: '',
      outOfHoursMessage: '',
      closeTicket: false,
      ativarRoteador: false,
      tempoRoteador: '0',
      integrationId: null,
      fileListId: null,
      chatbots: [],
      schedules: [],
    });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Esta cor já está em uso, escolha outra.', 'error', 2000));
    expect(screen.getByRole('dialog')).toBeInTheDocument(); // stays open to fix the colour
  });
});
