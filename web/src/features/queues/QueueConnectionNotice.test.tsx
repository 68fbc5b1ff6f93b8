import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { QueueConnectionNotice } from './components/QueueConnectionNotice';
import { QueuesTable } from './components/QueuesTable';
import { useQueueConnections } from './hooks/use-queue-connections';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const connection = { id: 5, name: 'Atendimento', queues: [{ id: 1, name: 'Vendas', color: '#f00' }] };
const queueRow = (id: number, name: string) =>
  ({ id, name, color: '#ff0000', orderQueue: null, greetingMessage: '' }) as unknown as Parameters<typeof QueuesTable>[0]['queues'][number];

function Table() {
  const { isLinked } = useQueueConnections();
  return (
    <QueuesTable
      queues={[queueRow(1, 'Vendas'), queueRow(2, 'Suporte')]}
      loading={false}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
      isLinked={isLinked}
    />
  );
}

describe('a queue no connection serves', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/whatsapp') return [connection];
      throw new Error(`unexpected GET ${path}`);
    });
    api.put.mockImplementation(async (_: string, body: { queueIds: number[] }) => ({
      ...connection,
      queues: body.queueIds.map((id) => ({ id })),
    }));
  });

  test('its list row says "Sem conexão"; a linked queue says nothing', async () => {
    renderWithProviders(<Table />);
    const warning = await screen.findByTestId('queue-no-connection');
    expect(warning).toHaveTextContent('Sem conexão');
    expect(warning.closest('tr')).toHaveTextContent('Suporte');
    expect(screen.getAllByTestId('queue-no-connection')).toHaveLength(1);
  });

  test("the modal says the chatbot leaves it out and links it to a chosen connection, keeping that connection's queues", async () => {
    const user = userEvent.setup();
    renderWithProviders(<QueueConnectionNotice queueId={2} />);
    const notice = await screen.findByTestId('queue-unlinked');
    expect(notice).toHaveTextContent('o chatbot não a oferece');
    await user.click(within(screen.getByTestId('queue-link-connection')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Atendimento' }));
    await user.click(screen.getByRole('button', { name: 'Ligar à conexão' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/whatsapp/5', { queueIds: [1, 2] }));
    expect(notify).toHaveBeenCalledWith('Fila ligada à conexão Atendimento');
  });

  test('a linked queue shows no notice; a new one is told to be linked after saving', async () => {
    const { unmount } = renderWithProviders(<QueueConnectionNotice queueId={1} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/whatsapp', { session: '0' }));
    expect(screen.queryByTestId('queue-unlinked')).toBeNull();
    unmount();
    renderWithProviders(<QueueConnectionNotice queueId={null} />);
    expect(screen.getByText(/Depois de salvar, ligue a fila a uma conexão/)).toBeInTheDocument();
  });
});
