import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeTicket, makeUser } from '../testing';
import { NotificationsPopover } from './NotificationsPopover';

const api = vi.hoisted(() => ({ get: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const auth = vi.hoisted(() => ({ user: null as unknown }));
const beep = vi.hoisted(() => vi.fn());
vi.mock('../../../app/providers/SocketProvider', () => ({
  useSocket: () => ({ emit: vi.fn(), on: vi.fn(), off: vi.fn(), connected: true }),
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../../app/providers/AppearanceProvider', () => ({ useAppearance: () => ({ appName: 'Chat-flow' }) }));
vi.mock('../../../lib/api', () => ({ api }));
vi.mock('./beep', () => ({ playBeep: beep }));

const message = (fromMe: boolean) => ({ id: 1, fromMe, body: 'oi' });

describe('NotificationsPopover', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.setItem('volume', '0.4');
    auth.user = makeUser({ company: { ...makeUser().company, settings: [{ key: 'showNotificationPending', value: 'enabled' }] } });
    api.get.mockImplementation(async (_path: string, q: { status: string }) => ({
      tickets:
        q.status === 'open'
          ? [makeTicket(1, { unreadMessages: 2 })]
          : [makeTicket(2, { status: 'pending', userId: null, unreadMessages: 1 })],
      hasMore: false,
      count: 1,
    }));
  });

  test('lists unread tickets (waiting ones with the setting), counts them in the title and beeps at the chosen volume', async () => {
    renderWithProviders(<NotificationsPopover />, { route: '/tickets' });
    await waitFor(() => expect(document.title).toBe('➋ - Chat-flow'));
    expect(api.get).toHaveBeenCalledWith('/tickets', expect.objectContaining({ status: 'pending', withUnreadMessages: 'true' }));
    await userEvent.click(screen.getByTestId('notifications-button'));
    expect(await screen.findByText('Contato 1')).toBeInTheDocument();
    expect(screen.getByText('Contato 2')).toBeInTheDocument();

    act(() => events.get('appMessage')!({ action: 'create', message: message(false), ticket: makeTicket(3, { unreadMessages: 1 }) }));
    await waitFor(() => expect(document.title).toBe('➌ - Chat-flow'));
    expect(beep).toHaveBeenCalledWith(0.4);

    act(() => events.get('ticket')!({ action: 'updateUnread', ticketId: 1 }));
    await waitFor(() => expect(document.title).toBe('➋ - Chat-flow'));
  });

  test("no sound for the user's own messages or the ticket open on screen", async () => {
    renderWithProviders(<NotificationsPopover />, { route: '/tickets/uuid-3' });
    await waitFor(() => expect(document.title).toBe('➋ - Chat-flow'));
    act(() => events.get('appMessage')!({ action: 'create', message: message(false), ticket: makeTicket(3, { unreadMessages: 1 }) }));
    act(() => events.get('appMessage')!({ action: 'create', message: message(true), ticket: makeTicket(4, { unreadMessages: 0 }) }));
    expect(beep).not.toHaveBeenCalled();
    expect(document.title).toBe('➋ - Chat-flow');
  });
});
