import type { SessionUserView, TicketView } from '@chatflow/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { makeTicket, makeUser } from '../testing';
import { TicketsManager } from './TicketsManager';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const socket = vi.hoisted(() => ({ emit: vi.fn(), on: vi.fn(), off: vi.fn(), connected: true, io: { on: vi.fn(), off: vi.fn() } }));
vi.mock('../../../app/providers/SocketProvider', () => ({
  useSocket: () => socket,
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

// jsdom has no layout: give scroll boxes a height so the virtualized list renders its rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 }));
afterAll(() => clientHeight && Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight));

let lists: Record<string, TicketView[]>;
const page = (tickets: TicketView[]) => ({ tickets, hasMore: false, count: tickets.length });

function serve() {
  api.get.mockImplementation(async (path: string, query: Record<string, unknown> = {}) => {
    if (path === '/tickets') return page(lists[String(query.status ?? 'search')] ?? []);
    if (path === '/tickets/counts') return { open: lists.open.length, pending: lists.pending.length, group: lists.group.length };
    if (path === '/queue')
      return [
        { id: 1, name: 'Vendas', color: '#f00' },
        { id: 2, name: 'Suporte', color: '#00f' },
      ];
    if (path === '/whatsapp/') return [{ id: 1, name: 'Sim', isDefault: true }];
    return [];
  });
}

function renderManager(user: SessionUserView, onOpenTicket = vi.fn()) {
  renderWithProviders(<TicketsManager user={user} selectedUuid={null} onOpenTicket={onOpenTicket} />);
  return onOpenTicket;
}

/** The manager with the page's part: a ticket it opens becomes the selected one. */
function SelectingManager({ opened }: { opened: string[] }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <TicketsManager
      user={makeUser()}
      selectedUuid={selected}
      onOpenTicket={(uuid) => {
        opened.push(uuid);
        setSelected(uuid);
      }}
    />
  );
}

describe('TicketsManager', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    lists = {
      open: [makeTicket(1)],
      pending: [
        makeTicket(2, { status: 'pending', userId: null, user: null }),
        makeTicket(3, { status: 'pending', userId: null, user: null, queueId: null, queue: null }),
      ],
      group: [],
      closed: [makeTicket(4, { status: 'closed', userRating: { rate: 8 } })],
    };
    serve();
  });

  test('a user sees the open and pending tabs with their counts, no group tab, no show-all, no close-all', async () => {
    renderManager(makeUser());
    await waitFor(() => expect(screen.getByTestId('count-pending')).toHaveAttribute('data-count', '2'));
    expect(screen.getByTestId('count-open')).toHaveAttribute('data-count', '1');
    expect(screen.getByTestId('tab-open')).toHaveTextContent('Atendendo');
    expect(screen.getByTestId('tab-pending')).toHaveTextContent('Aguardando');
    expect(screen.queryByTestId('tab-group')).toBeNull();
    expect(screen.queryByTestId('show-all')).toBeNull();
    expect(screen.queryByTestId('close-all')).toBeNull();
    expect(await screen.findAllByTestId('ticket-item')).toHaveLength(1);
    expect(socket.emit).toHaveBeenCalledWith('joinTickets', 'open');
  });

  test('allowGroup adds the group tab; allUserChat adds show-all', async () => {
    renderManager(makeUser({ allowGroup: true, allUserChat: 'enabled' }));
    expect(await screen.findByTestId('tab-group')).toHaveTextContent('Grupos');
    expect(screen.getByTestId('show-all')).toBeInTheDocument();
    expect(screen.queryByTestId('close-all')).toBeNull();
  });

  test('an admin gets show-all and close all, which asks first and closes the tab in view', async () => {
    api.post.mockResolvedValue({ count: 1, hasMore: false });
    renderManager(makeUser({ profile: 'admin' }));
    expect(await screen.findByTestId('show-all')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('close-all'));
    expect(await screen.findByText('Deseja fechar todos os tickets?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/tickets/closeAll', { status: 'open', selectedQueueIds: [] }));
  });

  test("show-all asks the server for everyone's tickets", async () => {
    renderManager(makeUser({ profile: 'admin' }));
    await userEvent.click(await screen.findByTestId('show-all'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/tickets', expect.objectContaining({ status: 'open', showAll: 'true' })));
    expect(api.get).toHaveBeenCalledWith('/tickets/counts', { showAll: 'true', queueIds: undefined });
  });

  test('the sort toggle shows on working tabs only; the resolved view lists closed tickets with their rating', async () => {
    renderManager(makeUser());
    expect(await screen.findByTestId('sort-toggle')).toHaveAttribute('data-sort', 'DESC');
    await userEvent.click(screen.getByTestId('sort-toggle'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/tickets', expect.objectContaining({ status: 'open', sortTickets: 'ASC' })));
    await userEvent.click(screen.getByTestId('view-closed'));
    expect(screen.queryByTestId('sort-toggle')).toBeNull();
    const item = await screen.findByTestId('ticket-item');
    expect(item).toHaveAttribute('data-status', 'closed');
    expect(within(item).getByRole('img', { name: 'happy' })).toBeInTheDocument();
  });

  test('accepting a ticket without a queue asks for one, then opens it in the open tab', async () => {
    api.put.mockImplementation(async (_path: string, body: { queueId: number }) =>
      makeTicket(3, { status: 'open', userId: 7, queueId: body.queueId }),
    );
    const onOpen = renderManager(makeUser());
    await userEvent.click(await screen.findByTestId('tab-pending'));
    const items = await screen.findAllByTestId('ticket-item');
    await userEvent.click(within(items[1]).getByTestId('ticket-accept'));
    expect(await screen.findByText('Aceitar Chat')).toBeInTheDocument();
    expect(screen.getByTestId('accept-start')).toBeDisabled();
    await userEvent.click(within(screen.getByTestId('accept-queue')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    await userEvent.click(screen.getByTestId('accept-start'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/tickets/3', { status: 'open', userId: 7, queueId: 2 }));
    expect(onOpen).toHaveBeenCalledWith('uuid-3');
    await waitFor(() => expect(screen.getByTestId('tab-open')).toHaveAttribute('aria-selected', 'true'));
  });

  test('accepting a ticket someone else holds names the holder and queue', async () => {
    api.put.mockRejectedValue(
      new ApiError(409, 'ERR_OTHER_OPEN_TICKET', [], {
        error: 'ERR_OTHER_OPEN_TICKET',
        ticket: { id: 2, uuid: 'uuid-2', userId: 9, status: 'open', user: { name: 'Bruno' }, queue: { name: 'Vendas' } },
      }),
    );
    const onOpen = renderManager(makeUser());
    await userEvent.click(await screen.findByTestId('tab-pending'));
    const items = await screen.findAllByTestId('ticket-item');
    await userEvent.click(within(items[0]).getByTestId('ticket-accept'));
    expect(await screen.findByTestId('held-ticket')).toHaveTextContent('Bruno');
    expect(screen.getByTestId('held-ticket')).toHaveTextContent('Fila: Vendas');
    expect(onOpen).not.toHaveBeenCalled();
  });

  test('realtime: a new waiting ticket appears at the top and a resolved one leaves, without refetching', async () => {
    renderManager(makeUser());
    await userEvent.click(await screen.findByTestId('tab-pending'));
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(2));
    const listCalls = api.get.mock.calls.filter(([p]) => p === '/tickets').length;
    act(() =>
      events.get('ticket')!({
        action: 'update',
        ticket: makeTicket(8, { status: 'pending', userId: null, updatedAt: '2030-01-01T00:00:00.000Z' }),
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')[0]).toHaveAttribute('data-ticket-id', '8'));
    act(() => events.get('ticket')!({ action: 'removeFromList', ticketId: 2 }));
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').map((el) => el.dataset.ticketId)).toEqual(['8', '3']));
    expect(api.get.mock.calls.filter(([p]) => p === '/tickets').length).toBe(listCalls);
    expect(socket.emit).toHaveBeenCalledWith('leaveTickets', 'open');
    expect(socket.emit).toHaveBeenCalledWith('joinTickets', 'pending');
  });

  test('back from another page, the lists are refetched: events that came meanwhile were not applied', async () => {
    const { client, unmount } = renderWithProviders(<TicketsManager user={makeUser()} selectedUuid={null} onOpenTicket={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(lists.open.length));
    unmount();
    lists.open = [makeTicket(9, { status: 'open', userId: makeUser().id }), ...lists.open];
    renderWithProviders(<TicketsManager user={makeUser()} selectedUuid={null} onOpenTicket={vi.fn()} />, { client });
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')[0]).toHaveAttribute('data-ticket-id', '9'));
  });

  test('typing searches after the debounce, with message contents when asked', async () => {
    renderManager(makeUser());
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Buscar atendimento e mensagens' }), 'maria');
    await userEvent.click(await screen.findByTestId('search-on-messages'));
    await waitFor(
      () =>
        expect(api.get).toHaveBeenCalledWith(
          '/tickets',
          expect.objectContaining({
            status: undefined,
            searchParam: 'maria',
            searchOnMessages: 'true',
            pageNumber: 1,
          }),
        ),
      { timeout: 3000 },
    );
  });

  test('J and K open the next and previous ticket of the list in view; typed in the search they are letters', async () => {
    lists.open = [makeTicket(1), makeTicket(5), makeTicket(6)]; // in the server's order
    const opened: string[] = [];
    renderWithProviders(<SelectingManager opened={opened} />);
    await screen.findByText('Contato 6');
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await userEvent.keyboard('j');
    await userEvent.keyboard('j');
    await userEvent.keyboard('k');
    await userEvent.keyboard('k'); // the first row: nothing before it
    expect(opened).toEqual(['uuid-1', 'uuid-5', 'uuid-1']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar atendimento e mensagens' }), 'j');
    expect(opened).toHaveLength(3);
  });

  test('N opens the next ticket with unread messages; E resolves mine and opens the top waiting ticket', async () => {
    lists.open = [makeTicket(1), makeTicket(5, { unreadMessages: 0 }), makeTicket(6, { unreadMessages: 2 })];
    api.put.mockResolvedValue({ ...makeTicket(6), status: 'closed' });
    const opened: string[] = [];
    renderWithProviders(<SelectingManager opened={opened} />);
    await screen.findByText('Contato 6');
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await userEvent.keyboard('j'); // ticket 1
    await userEvent.keyboard('n'); // skips 5, read
    expect(opened).toEqual(['uuid-1', 'uuid-6']);
    await userEvent.keyboard('e');
    await waitFor(() => expect(opened).toEqual(['uuid-1', 'uuid-6', 'uuid-2']));
    expect(api.put).toHaveBeenCalledWith('/tickets/6', expect.objectContaining({ status: 'closed', sendFarewellMessage: true }));
  });
});
