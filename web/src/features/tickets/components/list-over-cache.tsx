import type { TicketView } from '@chatflow/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterAll, beforeAll, vi } from 'vitest';
import { ticketListPermissions } from '../permissions';
import { ticketKeys } from '../ticket-cache';
import { makeUser } from '../testing';
import type { TicketFilters } from '../types';
import { TicketList } from './TicketList';

/** Tests only: the virtual list shows rows only in a box with a height; call at the top of a test file. */
export function giveListsAHeight() {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 920 }));
  afterAll(() => clientHeight && Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight));
}

/** Tests only: the list over a cache that already holds its tickets (a tab shown again), so no request is made. */
export function renderListOverCache(filters: TicketFilters, tickets: TicketView[], props: Partial<ComponentProps<typeof TicketList>> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(ticketKeys.list(filters), { pages: [{ tickets, hasMore: false, count: tickets.length }], pageParams: [1] });
  render(
    <QueryClientProvider client={client}>
      <TicketList
        filters={filters}
        selectedUuid={null}
        permissions={ticketListPermissions(makeUser())}
        busyId={null}
        onSelect={vi.fn()}
        onAccept={vi.fn()}
        onIgnore={vi.fn()}
        {...props}
      />
    </QueryClientProvider>,
  );
  return client;
}
