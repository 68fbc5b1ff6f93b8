import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/token';
import { SocketProvider } from './SocketProvider';

/**
 * The socket side of the session rules (spec 1 §4.3, §7 "Realtime"): the server tells an ended session
 * through `company-{id}-auth` (a login elsewhere, a password change, server/src/auth/sessions.ts) and
 * refuses a handshake whose token expired with ERR_SESSION_EXPIRED. socket.io-client is replaced by a
 * socket that records what the provider asks of it, so the server's signals can be played to it.
 */
class FakeSocket {
  active = true;
  readonly handlers = new Map<string, ((payload: unknown) => void)[]>();
  readonly connect = vi.fn(() => {
    this.active = true;
  });
  readonly close = vi.fn(() => {
    this.active = false;
  });
  readonly emit = vi.fn();
  constructor(
    readonly namespace: string,
    readonly options: { auth: (cb: (data: { token: string | null }) => void) => void },
  ) {}
  on(name: string, fn: (payload: unknown) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }
  /** The server sends `name`; a refused handshake also leaves the socket inactive, as socket.io does. */
  receive(name: string, payload: unknown) {
    if (name === 'connect_error' && (payload as Error).message !== 'xhr poll error') this.active = false;
    for (const fn of this.handlers.get(name) ?? []) fn(payload);
  }
  /** The token the handshake would send now. */
  handshakeToken() {
    let token: string | null = null;
    this.options.auth((data) => {
      token = data.token;
    });
    return token;
  }
}

const sockets: FakeSocket[] = [];
const refreshToken = vi.fn<() => Promise<string | null>>();
const notify = vi.fn();
const reloadPage = vi.fn();
const user = { id: 7, companyId: 3, name: 'Ana' };

vi.mock('socket.io-client', () => ({
  io: (namespace: string, options: FakeSocket['options']) => {
    const socket = new FakeSocket(namespace, options);
    sockets.push(socket);
    return socket;
  },
}));
vi.mock('./AuthProvider', () => ({ useAuth: () => ({ user }) }));
vi.mock('../../lib/api', () => ({ refreshToken: () => refreshToken() }));
vi.mock('../../lib/notify', () => ({ notify: (...args: unknown[]) => notify(...args) }));
vi.mock('../../lib/page', () => ({ reloadPage: () => reloadPage() }));

function mountSocket() {
  render(
    <SocketProvider>
      <p>app</p>
    </SocketProvider>,
  );
  const socket = sockets.at(-1);
  if (!socket) throw new Error('the provider opened no socket');
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets.length = 0;
  refreshToken.mockReset();
  notify.mockReset();
  reloadPage.mockReset();
  localStorage.clear();
  tokenStore.set('access-1');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a login elsewhere (company-{id}-auth for this user)', () => {
  it('tells the user, then after 1 second clears local storage and reloads to the login page', () => {
    const socket = mountSocket();
    expect(socket.namespace).toBe('/3');
    localStorage.setItem('preference', 'kept until the reload');

    socket.receive('company-3-auth', { action: 'update', user: { id: 7 } });
    expect(notify).toHaveBeenCalledWith('Sua conta foi acessada em outro computador.', 'error', 2000);
    vi.advanceTimersByTime(999);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('access-1');

    vi.advanceTimersByTime(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it('is ignored when it is about another user of the company', () => {
    const socket = mountSocket();
    socket.receive('company-3-auth', { action: 'update', user: { id: 8 } });
    vi.advanceTimersByTime(5000);
    expect(notify).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('access-1');
  });
});

describe('a refused handshake (the access token expired while the socket was down)', () => {
  it('refreshes the token and connects again with the new one', async () => {
    const socket = mountSocket();
    refreshToken.mockImplementation(async () => {
      tokenStore.set('access-2');
      return 'access-2';
    });
    socket.receive('connect_error', new Error('ERR_SESSION_EXPIRED'));
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(socket.handshakeToken()).toBe('access-2');
  });

  it('tries again after 1 second when the refresh got no answer', async () => {
    const socket = mountSocket();
    refreshToken.mockResolvedValue(null);
    socket.receive('connect_error', new Error('ERR_SESSION_EXPIRED'));
    await vi.waitFor(() => expect(refreshToken).toHaveBeenCalledTimes(1));
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('leaves a transport failure to socket.io, which reconnects by itself', () => {
    const socket = mountSocket();
    socket.receive('connect_error', new Error('xhr poll error'));
    expect(socket.active).toBe(true);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(socket.connect).not.toHaveBeenCalled();
  });
});
