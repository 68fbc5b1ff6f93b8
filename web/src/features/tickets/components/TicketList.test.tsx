import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { ticketListPermissions } from '../permissions';
import { ticketKeys } from '../ticket-cache';
import { makeTicket, makeUser } from '../test/fixtures';
import type { TicketFilters } from '../types';
import { TicketList } from './TicketList';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 920 }));
afterAll(() => clientHeight && Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight));

const filters: TicketFilters = {
  tab: 'pending', queueIds: null, showAll: false, searchParam: '', searchOnMessages: false, tags: [], users: [], whatsapps: [], statuses: [], sortTickets: 'DESC',
};

describe('TicketList', () => {
  test('10,000 loaded tickets keep only the rows in view in the page', async () => {
    const tickets = Array.from({ length: 10_000 }, (_, i) => makeTicket(i + 1, { status: 'pending', userId: null }));
    api.get.mockResolvedValue({ tickets, hasMore: false, count: tickets.length });
    renderWithProviders(<TicketList filters={filters} selectedUuid="uuid-2" permissions={ticketListPermissions(makeUser())} busyId={null}
      onSelect={vi.fn()} onAccept={vi.fn()} onIgnore={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').length).toBeGreaterThan(5));
    const rows = screen.getAllByTestId('ticket-item');
    // 920 px of 92 px rows, plus the overscan on each side.
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('data-ticket-id', '1');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(api.get).toHaveBeenCalledWith('/tickets', expect.objectContaining({ status: 'pending', pageNumber: 1, showAll: 'false' }));
    const list = screen.getByTestId('ticket-list');
    expect(list).toHaveAttribute('data-loaded', '10000');
    expect(list).toHaveAttribute('data-has-more', 'false');
  });

  test('tickets already in the cache when the list mounts (a tab shown again) show at once', async () => {
    api.get.mockClear();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tickets = [makeTicket(1, { status: 'pending', userId: null }), makeTicket(2, { status: 'pending', userId: null })];
    client.setQueryData(ticketKeys.list(filters), { pages: [{ tickets, hasMore: false, count: 2 }], pageParams: [1] });
    render(
      <QueryClientProvider client={client}>
        <TicketList filters={filters} selectedUuid={null} permissions={ticketListPermissions(makeUser())} busyId={null}
          onSelect={vi.fn()} onAccept={vi.fn()} onIgnore={vi.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').map((el) => el.dataset.ticketId)).toEqual(['1', '2']));
    expect(api.get).not.toHaveBeenCalled();
  });

  test('the rows follow a change of language', async () => {
    api.get.mockResolvedValue({ tickets: [makeTicket(1, { status: 'pending', userId: null, queueId: null, queue: null })], hasMore: false, count: 1 });
    renderWithProviders(<TicketList filters={filters} selectedUuid={null} permissions={ticketListPermissions(makeUser())} busyId={null}
      onSelect={vi.fn()} onAccept={vi.fn()} onIgnore={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('tag-queue')).toHaveTextContent('Sem fila'));
    try {
      await act(() => setLanguage('en'));
      await waitFor(() => expect(screen.getByTestId('tag-queue')).toHaveTextContent('No queue'));
    } finally {
      await act(() => setLanguage('pt'));
    }
  });

  test('says when the server has more pages', async () => {
    api.get.mockResolvedValue({ tickets: [makeTicket(1, { status: 'pending', userId: null })], hasMore: true, count: 80 });
    renderWithProviders(<TicketList filters={filters} selectedUuid={null} permissions={ticketListPermissions(makeUser())} busyId={null}
      onSelect={vi.fn()} onAccept={vi.fn()} onIgnore={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('ticket-list')).toHaveAttribute('data-has-more', 'true'));
    expect(screen.getByTestId('ticket-list')).toHaveAttribute('data-loaded', '1');
  });

  test('while the list scrolls its rows ignore the pointer, and take it again once it stops', async () => {
    const tickets = Array.from({ length: 100 }, (_, i) => makeTicket(i + 1, { status: 'pending', userId: null }));
    api.get.mockResolvedValue({ tickets, hasMore: false, count: tickets.length });
    renderWithProviders(<TicketList filters={filters} selectedUuid={null} permissions={ticketListPermissions(makeUser())} busyId={null}
      onSelect={vi.fn()} onAccept={vi.fn()} onIgnore={vi.fn()} />);
    const rowsBox = () => screen.getAllByTestId('ticket-item')[0].parentElement?.parentElement as HTMLElement;
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').length).toBeGreaterThan(5));
    expect(rowsBox().style.pointerEvents).toBe('');
    const list = screen.getByTestId('ticket-list');
    list.scrollTop = 400;
    fireEvent.scroll(list);
    await waitFor(() => expect(rowsBox().style.pointerEvents).toBe('none'));
    await waitFor(() => expect(rowsBox().style.pointerEvents).toBe(''));
  });
});
