import type { TicketView } from '@chatflow/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { ticketListPermissions } from '../permissions';
import { ticketKeys } from '../ticket-cache';
import { makeTicket, makeUser } from '../testing';
import type { TicketFilters } from '../types';
import { giveListsAHeight, renderListOverCache } from './list-over-cache';
import { TicketList } from './TicketList';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

giveListsAHeight();

const filters: TicketFilters = {
  tab: 'pending',
  queueIds: null,
  showAll: false,
  searchParam: '',
  searchOnMessages: false,
  tags: [],
  users: [],
  whatsapps: [],
  statuses: [],
  sortTickets: 'DESC',
};

/** The list over a cache that already holds its tickets (a tab shown again): no request is made. */
const renderOverCache = (tickets: TicketView[]) => renderListOverCache(filters, tickets);

describe('TicketList', () => {
  test('10,000 loaded tickets keep only the rows in view in the page', async () => {
    const tickets = Array.from({ length: 10_000 }, (_, i) => makeTicket(i + 1, { status: 'pending', userId: null }));
    api.get.mockResolvedValue({ tickets, hasMore: false, count: tickets.length });
    renderWithProviders(
      <TicketList
        filters={filters}
        selectedUuid="uuid-2"
        permissions={ticketListPermissions(makeUser())}
        busyId={null}
        onSelect={vi.fn()}
        onAccept={vi.fn()}
        onIgnore={vi.fn()}
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').length).toBeGreaterThan(5));
    const rows = screen.getAllByTestId('ticket-item');
    // 920 px of 92 px rows, plus the rows kept ahead of the scroll and behind it.
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
    renderOverCache([makeTicket(1, { status: 'pending', userId: null }), makeTicket(2, { status: 'pending', userId: null })]);
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').map((el) => el.dataset.ticketId)).toEqual(['1', '2']));
    expect(api.get).not.toHaveBeenCalled();
  });

  test('the rows follow a change of language', async () => {
    api.get.mockResolvedValue({
      tickets: [makeTicket(1, { status: 'pending', userId: null, queueId: null, queue: null })],
      hasMore: false,
      count: 1,
    });
    renderWithProviders(
      <TicketList
        filters={filters}
        selectedUuid={null}
        permissions={ticketListPermissions(makeUser())}
        busyId={null}
        onSelect={vi.fn()}
        onAccept={vi.fn()}
        onIgnore={vi.fn()}
      />,
    );
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
    renderWithProviders(
      <TicketList
        filters={filters}
        selectedUuid={null}
        permissions={ticketListPermissions(makeUser())}
        busyId={null}
        onSelect={vi.fn()}
        onAccept={vi.fn()}
        onIgnore={vi.fn()}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('ticket-list')).toHaveAttribute('data-has-more', 'true'));
    expect(screen.getByTestId('ticket-list')).toHaveAttribute('data-loaded', '1');
  });

  test('while the list scrolls its rows ignore the pointer, and take it again once it stops', async () => {
    const tickets = Array.from({ length: 100 }, (_, i) => makeTicket(i + 1, { status: 'pending', userId: null }));
    api.get.mockResolvedValue({ tickets, hasMore: false, count: tickets.length });
    renderWithProviders(
      <TicketList
        filters={filters}
        selectedUuid={null}
        permissions={ticketListPermissions(makeUser())}
        busyId={null}
        onSelect={vi.fn()}
        onAccept={vi.fn()}
        onIgnore={vi.fn()}
      />,
    );
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

describe('TicketList rows: recycled, one tab stop, arrow keys', () => {
  // jsdom lays nothing out and scrolls nothing: scrolling to a row sets scrollTop and says so, as a browser would,
  // and the list is as tall as its rows (the virtualizer keeps a scroll within it).
  const scrollTo = Element.prototype.scrollTo;
  const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'scrollHeight', { configurable: true, get: () => 10_000 * 92 });
    Element.prototype.scrollTo = function scrollToTop(this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    } as typeof Element.prototype.scrollTo;
  });
  afterAll(() => {
    Element.prototype.scrollTo = scrollTo;
    if (scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
  });

  const renderTenThousand = async () => {
    const tickets = Array.from({ length: 10_000 }, (_, i) => makeTicket(i + 1, { status: 'pending', userId: null }));
    api.get.mockResolvedValue({ tickets, hasMore: false, count: tickets.length });
    const onSelect = vi.fn();
    renderWithProviders(
      <TicketList
        filters={filters}
        selectedUuid={null}
        permissions={ticketListPermissions(makeUser())}
        busyId={null}
        onSelect={onSelect}
        onAccept={vi.fn()}
        onIgnore={vi.fn()}
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('ticket-item').length).toBeGreaterThan(5));
    return { onSelect, row: (id: number) => document.querySelector(`[data-ticket-id="${id}"]`) as HTMLElement | null };
  };
  const tabStops = () =>
    screen
      .getAllByTestId('ticket-item')
      .filter((el) => el.tabIndex === 0)
      .map((el) => el.dataset.ticketId);

  test('a scroll gives the rows that left the view to the rows coming in: same elements, new tickets', async () => {
    const { row } = await renderTenThousand();
    const first = row(1) as HTMLElement;
    const list = screen.getByTestId('ticket-list');
    list.scrollTop = 92 * 40;
    fireEvent.scroll(list);
    await waitFor(() => expect(row(1)).toBeNull());
    expect(first.isConnected).toBe(true);
    expect(Number(first.dataset.ticketId)).toBeGreaterThan(1);
    // Each slot says which row of the list it holds, as the DOM order is not the list's.
    expect(first.parentElement).toHaveAttribute('aria-posinset', first.dataset.ticketId);
    expect(first.parentElement).toHaveAttribute('aria-setsize', '10000');
  });

  test('the list is one tab stop; arrows, End and Home move the focus along it, Enter opens the focused ticket', async () => {
    const { onSelect, row } = await renderTenThousand();
    expect(tabStops()).toEqual(['1']);
    (row(1) as HTMLElement).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(row(2)));
    expect(tabStops()).toEqual(['2']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(row(1)));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(row(10_000)));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 10_000 }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(row(1)));
  });

  test('a focused row recycled for another ticket hands the focus to the list, and the tab stop to the first row in view', async () => {
    const { row } = await renderTenThousand();
    const first = row(1) as HTMLElement;
    first.focus();
    const list = screen.getByTestId('ticket-list');
    list.scrollTop = 92 * 40;
    fireEvent.scroll(list);
    await waitFor(() => expect(row(1)).toBeNull());
    const rows = first.parentElement?.parentElement as HTMLElement;
    expect(document.activeElement).toBe(rows);
    // 40 rows of 92 px scrolled: the 41st ticket is the first in view.
    expect(rows).toHaveAttribute('data-first-in-view', '40');
    expect(tabStops()).toEqual(['41']);
    fireEvent.keyDown(rows, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(row(41)));
  });
});

test('the focus stays with its ticket when a new ticket moves the others down', async () => {
  const tickets = Array.from({ length: 5 }, (_, i) => makeTicket(i + 1, { status: 'pending', userId: null }));
  const client = renderOverCache(tickets);
  const row = (id: number) => document.querySelector(`[data-ticket-id="${id}"]`) as HTMLElement;
  await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(5));
  const slotOfThree = row(3);
  slotOfThree.focus();
  act(() => {
    client.setQueryData(ticketKeys.list(filters), {
      pages: [{ tickets: [makeTicket(9, { status: 'pending', userId: null }), ...tickets], hasMore: false, count: 6 }],
      pageParams: [1],
    });
  });
  // Ticket 3 is now the fourth row: its old slot shows ticket 2, and the focus went with ticket 3.
  await waitFor(() => expect(slotOfThree).toHaveAttribute('data-ticket-id', '2'));
  expect(document.activeElement).toBe(row(3));
});
