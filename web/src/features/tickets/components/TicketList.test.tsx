import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ticketListPermissions } from '../permissions';
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
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(api.get).toHaveBeenCalledWith('/tickets', expect.objectContaining({ status: 'pending', pageNumber: 1, showAll: 'false' }));
  });
});
