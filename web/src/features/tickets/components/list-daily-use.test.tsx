import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ticketListPermissions } from '../permissions';
import { makeTicket, makeUser } from '../testing';
import type { TicketFilters } from '../types';
import { CountLabel } from './CountLabel';
import { giveListsAHeight, renderListOverCache } from './list-over-cache';
import { TicketList } from './TicketList';

vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api: { get: vi.fn() } }));

giveListsAHeight();

const search = (over: Partial<TicketFilters>): TicketFilters => ({
  tab: 'search',
  queueIds: null,
  showAll: false,
  searchParam: '48213',
  searchOnMessages: false,
  tags: [],
  users: [],
  whatsapps: [],
  statuses: [],
  sortTickets: 'DESC',
  ...over,
});

/** The search view over a cache that already holds its result. */
function renderSearch(filters: TicketFilters, tickets = [makeTicket(1)], onSearchMessages = vi.fn()) {
  renderListOverCache(filters, tickets, { onSearchMessages });
  return onSearchMessages;
}

// Issue 31: an order number lives in the messages; the empty result says where else to look.
describe('the search view', () => {
  test('no ticket found by contact: a button searches the messages in place', async () => {
    const onSearchMessages = renderSearch(search({}), []);
    expect(screen.getByTestId('ticket-list-empty')).toHaveTextContent('Nada aqui!');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar nas mensagens' }));
    expect(onSearchMessages).toHaveBeenCalledTimes(1);
  });

  test('no button once the messages were searched, nor without a term', () => {
    renderSearch(search({ searchOnMessages: true }), []);
    expect(screen.queryByTestId('search-in-messages')).toBeNull();
  });

  test('a resolved ticket among the results is marked "Resolvido"; an open one is not', async () => {
    renderSearch(search({}), [makeTicket(1, { status: 'closed' }), makeTicket(2, { status: 'open' })]);
    const [closed, open] = await screen.findAllByTestId('ticket-item');
    expect(await within(closed as HTMLElement).findByTestId('tag-closed')).toHaveTextContent('Resolvido');
    expect(open?.querySelector('[data-testid="tag-closed"]')).toBeNull();
  });
});

// Issue 31: a reload shows the list's shape and unknown counts, never a bare spinner or zeros.
describe('while loading', () => {
  test('the list shows placeholder rows until its first page arrives', async () => {
    const { api } = await import('../../../lib/api');
    vi.mocked(api.get).mockReturnValue(new Promise(() => {}));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <TicketList
          filters={search({ tab: 'pending', searchParam: '' })}
          selectedUuid={null}
          permissions={ticketListPermissions(makeUser())}
          busyId={null}
          onSelect={vi.fn()}
          onAccept={vi.fn()}
          onIgnore={vi.fn()}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('ticket-list-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('a tab count not yet loaded reads "–", a loaded zero reads 0', () => {
    render(
      <>
        <CountLabel label="Aguardando" count={undefined} testId="count-pending" />
        <CountLabel label="Atendendo" count={3} testId="count-open" />
      </>,
    );
    expect(screen.getByTestId('count-pending')).toHaveTextContent('Aguardando–');
    expect(screen.getByTestId('count-pending')).toHaveAttribute('data-count', 'unknown');
    expect(screen.getByTestId('count-open')).toHaveTextContent('Atendendo3');
  });
});
