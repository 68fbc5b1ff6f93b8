import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ReportsPage from './ReportsPage';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../app/providers/SocketProvider', () => ({ useCompanyEvent: () => undefined }));

describe('the report contact picker', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation(async (path: string) => {
      if (path === '/ticketreport/reports') return { tickets: [], totalTickets: { total: 0 }, timeZone: 'America/Sao_Paulo' };
      if (path === '/contacts') return { contacts: [{ id: 42, name: 'Maria Souza', number: '5541998608485' }], count: 1, hasMore: false };
      if (path === '/queue' || path === '/users/list' || path === '/whatsapp/') return [];
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('searches contacts from 3 characters and filters the report by the chosen one (contactId)', async () => {
    renderWithProviders(<ReportsPage />);
    const field = await screen.findByTestId('report-contact');
    fireEvent.change(field, { target: { value: 'Ma' } });
    expect(await screen.findByText('Digite ao menos 3 letras do nome ou número')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalledWith('/contacts', expect.anything());
    fireEvent.change(field, { target: { value: 'Mar' } });
    await userEvent.click(await screen.findByRole('option', { name: 'Maria Souza · 5541998608485' }, { timeout: 3000 }));
    expect(api.get).toHaveBeenCalledWith('/contacts', { searchParam: 'Mar', pageNumber: 1 });
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/ticketreport/reports', expect.objectContaining({ contactId: 42, page: 1 })));
    expect(field).toHaveValue('Maria Souza');
  });
});
