import type { PanelTicketView } from '@chatflow/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { makeSessionUser } from '../../test/session-user';
import { renderWithProviders } from '../../test/render';
import MomentsPage from './MomentsPage';
import { panelTicket } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: makeSessionUser({ profile: 'admin' }) }) }));

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
/** A waiting ticket of contact 100+id on the connection "Loja Centro". */
const ticket = (id: number, over: Partial<PanelTicketView>) =>
  panelTicket(id, {
    status: 'pending',
    contact: { id: 100 + id, name: `Cliente ${id}`, urlPicture: '' },
    lastMessage: 'Olá',
    whatsapp: { id: 5, name: 'Loja Centro' },
    updatedAt: minutesAgo(1),
    ...over,
  });
const user = (id: number, name: string, online: boolean) => ({
  id,
  name,
  email: `${id}@x`,
  profile: 'user',
  online,
  profileImage: null,
  queues: [],
});

describe('the attendance panel live', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/dashboard/moments')
        return [
          ticket(1, { waitingSince: minutesAgo(3.5) }),
          ticket(2, { waitingSince: minutesAgo(25.5) }),
          ticket(3, { status: 'open', userId: 7, user: { id: 7, name: 'Bruno' }, whatsapp: { id: 6, name: 'Loja Norte' } }),
        ];
      if (path === '/users/list') return [user(7, 'Bruno', false)];
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('waiting tickets show minutes waited, oldest first, red past the threshold; each ticket shows its connection', async () => {
    renderWithProviders(<MomentsPage />);
    const pending = await screen.findByTestId('panel-card-pending');
    const rows = within(pending).getAllByTestId(/^panel-ticket-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['panel-ticket-2', 'panel-ticket-1']);
    expect(screen.getByTestId('panel-waited-2')).toHaveTextContent('25 min');
    expect(screen.getByTestId('panel-waited-2')).toHaveAttribute('data-alert', 'true');
    expect(screen.getByTestId('panel-waited-1')).toHaveAttribute('data-alert', 'false');
    expect(screen.getByTestId('moments-legend')).toHaveTextContent('mais de 10 minutos');
    expect(screen.getByTestId('panel-connection-1')).toHaveTextContent('Loja Centro');
    expect(screen.getByTestId('panel-connection-3')).toHaveTextContent('Loja Norte');
  });

  test('an agent logging in turns Online, a renamed contact shows its new name, without reloading', async () => {
    renderWithProviders(<MomentsPage />);
    const presence = await screen.findByTestId('panel-card-user-7-presence');
    expect(presence).toHaveTextContent('Offline');
    act(() => events.get('user')!({ action: 'update', user: { ...user(7, 'Bruno', true), companyId: 2 } }));
    await waitFor(() => expect(screen.getByTestId('panel-card-user-7-presence')).toHaveTextContent('Online'));
    act(() => events.get('contact')!({ action: 'update', contact: { id: 101, name: 'Maria Renomeada', number: '5511', urlPicture: '' } }));
    await waitFor(() => expect(screen.getByTestId('panel-ticket-1')).toHaveTextContent('Maria Renomeada'));
    expect(api.get).toHaveBeenCalledTimes(2); // nothing refetched
  });
});
