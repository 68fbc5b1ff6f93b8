import { MenuList } from '@mui/material';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeTicket, makeUser } from '../testing';
import { BrowserNotificationsSwitch } from './BrowserNotificationsSwitch';
import { NotificationsPopover } from './NotificationsPopover';

const api = vi.hoisted(() => ({ get: vi.fn(async () => ({ tickets: [], hasMore: false, count: 0 })) }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const auth = vi.hoisted(() => ({ user: null as unknown }));
vi.mock('../../../app/providers/SocketProvider', () => ({
  useSocket: () => null,
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../../app/providers/AppearanceProvider', () => ({ useAppearance: () => ({ appName: 'Chat-flow' }) }));
vi.mock('../../../lib/api', () => ({ api }));
vi.mock('./beep', () => ({ playBeep: vi.fn() }));

/** jsdom has no Notification: this one records what the app shows and lets a test click it. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

let visibility: DocumentVisibilityState = 'hidden';

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

const customerMessage = (body = 'Oi, tudo bem?') => ({ id: 1, fromMe: false, body });
const arrive = (ticket: ReturnType<typeof makeTicket>, message = customerMessage()) =>
  act(() => events.get('appMessage')!({ action: 'create', message, ticket }));

function renderBell() {
  renderWithProviders(
    <>
      <NotificationsPopover />
      <Location />
    </>,
    { route: '/tickets' },
  );
}

describe('browser notifications', () => {
  beforeEach(() => {
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    visibility = 'hidden';
    localStorage.setItem('browserNotifications', 'enabled');
    auth.user = makeUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  test("a customer's message on the agent's own ticket, tab hidden: a notification that opens the ticket", async () => {
    renderBell();
    arrive(makeTicket(3, { unreadMessages: 1 }));
    expect(FakeNotification.shown).toHaveLength(1);
    const [shown] = FakeNotification.shown;
    expect(shown.title).toBe('Nova mensagem de Contato 3');
    expect(shown.options).toMatchObject({ body: 'Oi, tudo bem?', tag: 'ticket-3' });
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    act(() => shown.onclick?.());
    expect(focus).toHaveBeenCalled();
    expect(shown.close).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tickets/uuid-3'));
  });

  test('nothing while the tab is in view, without permission, or with the switch off', () => {
    renderBell();
    visibility = 'visible';
    arrive(makeTicket(3, { unreadMessages: 1 }));
    visibility = 'hidden';
    FakeNotification.permission = 'denied';
    arrive(makeTicket(4, { unreadMessages: 1 }));
    FakeNotification.permission = 'granted';
    localStorage.setItem('browserNotifications', 'disabled');
    arrive(makeTicket(5, { unreadMessages: 1 }));
    expect(FakeNotification.shown).toHaveLength(0);
  });

  test("only tickets the agent's inbox shows: own or waiting in their queues, never their own messages", () => {
    renderBell();
    arrive(makeTicket(3, { userId: 9, user: { id: 9, name: 'Bia' } })); // another agent's ticket
    arrive(makeTicket(4, { status: 'pending', userId: null, queueId: 5, queue: { id: 5, name: 'RH', color: '#000' } })); // not their queue
    arrive(makeTicket(5), { id: 2, fromMe: true, body: 'resposta' });
    expect(FakeNotification.shown).toHaveLength(0);

    arrive(makeTicket(6, { status: 'pending', userId: null, queueId: 2 }));
    expect(FakeNotification.shown.map((n) => n.title)).toEqual(['Novo atendimento aguardando: Contato 6']);
  });

  test('an admin is told of waiting tickets of every queue', () => {
    auth.user = makeUser({ profile: 'admin' });
    renderBell();
    arrive(makeTicket(4, { status: 'pending', userId: null, queueId: 5, queue: { id: 5, name: 'RH', color: '#000' } }));
    expect(FakeNotification.shown).toHaveLength(1);
  });
});

describe('the "Notificações do navegador" switch', () => {
  beforeEach(() => {
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  test('turning it on asks the browser once and keeps the choice', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockImplementationOnce(async () => {
      FakeNotification.permission = 'granted';
      return 'granted';
    });
    renderWithProviders(
      <MenuList>
        <BrowserNotificationsSwitch />
      </MenuList>,
    );
    const toggle = screen.getByRole('switch', { name: 'Notificações do navegador' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(screen.getByTestId('browser-notifications'));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('browserNotifications')).toBe('enabled');

    await userEvent.click(screen.getByTestId('browser-notifications'));
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem('browserNotifications')).toBe('disabled');
    await userEvent.click(screen.getByTestId('browser-notifications'));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  test('a refusal leaves it off and says how to allow them', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockImplementationOnce(async () => 'denied');
    renderWithProviders(
      <MenuList>
        <BrowserNotificationsSwitch />
      </MenuList>,
    );
    await userEvent.click(screen.getByTestId('browser-notifications'));
    expect(await screen.findByText(/O navegador bloqueou as notificações/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Notificações do navegador' })).not.toBeChecked();
    expect(localStorage.getItem('browserNotifications')).toBe('disabled');
  });
});
