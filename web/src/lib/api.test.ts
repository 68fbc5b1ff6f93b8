import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, onRefreshed, onUnauthorized } from './api';
import { tokenStore } from './token';

/**
 * The browser's session rules (spec 1 §4.3) against a fake of the server's token semantics
 * (server/src/http/authenticate.ts): an expired access token is a 403 ERR_SESSION_EXPIRED, a revoked
 * session or no token is a 401, and POST /auth/refresh_token answers a new token while the session is
 * live and 401 once it is not. The refresh can be held open, so requests really overlap it.
 */
function fakeServer() {
  const valid = new Set<string>();
  const state = { sessionLive: true, refreshStatus: 200, issued: 0 };
  const requests: { path: string; authorization: string | null }[] = [];
  let releaseRefresh: (() => void) | null = null;
  let refreshHeld: Promise<void> | null = null;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = String(url);
    const authorization = new Headers(init.headers).get('authorization');
    requests.push({ path, authorization });
    if (path === '/auth/refresh_token') {
      if (refreshHeld) await refreshHeld;
      if (state.refreshStatus !== 200) return json(state.refreshStatus, { error: 'ERR_SESSION_EXPIRED' });
      if (!state.sessionLive) return json(401, { error: 'ERR_SESSION_EXPIRED' });
      state.issued += 1;
      const token = `access-${state.issued}`;
      valid.add(token);
      return json(200, { token, user: { id: 7, name: 'Ana' } });
    }
    const token = authorization?.replace(/^Bearer /, '');
    if (!token || !state.sessionLive) return json(401, { error: 'ERR_SESSION_EXPIRED' });
    if (path === '/forbidden') return json(403, { error: 'ERR_NO_PERMISSION' });
    if (!valid.has(token)) return json(403, { error: 'ERR_SESSION_EXPIRED' });
    return json(200, { path, token });
  });

  return {
    fetch,
    state,
    requests,
    /** Gives out `token` as a live access token, as a login would. */
    login(token: string) {
      valid.add(token);
      tokenStore.set(token);
    },
    /** Expires every access token given out so far (their TTL passed). */
    expireAccessTokens: () => valid.clear(),
    holdRefresh() {
      refreshHeld = new Promise<void>((resolve) => {
        releaseRefresh = resolve;
      });
    },
    releaseRefresh() {
      refreshHeld = null;
      releaseRefresh?.();
    },
    refreshCalls: () => requests.filter((r) => r.path === '/auth/refresh_token').length,
    callsTo: (path: string) => requests.filter((r) => r.path === path),
  };
}

/** Lets every pending promise callback run, so held requests reach the point where they wait. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let server: ReturnType<typeof fakeServer>;
let loggedOut: ReturnType<typeof vi.fn<() => void>>;
let unsubscribe: () => void;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  loggedOut = vi.fn<() => void>();
  unsubscribe = onUnauthorized(loggedOut) as unknown as () => void;
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

describe('an expired access token (403 ERR_SESSION_EXPIRED)', () => {
  it('is refreshed once for many concurrent requests, and every request retries with the new token', async () => {
    server.login('access-old');
    server.expireAccessTokens();
    server.holdRefresh();
    const refreshedUsers: unknown[] = [];
    const offRefreshed = onRefreshed((body) => refreshedUsers.push((body as { user: unknown }).user));

    const paths = ['/tickets', '/contacts', '/queue', '/users'];
    const pending = paths.map((p) => api.get<{ path: string; token: string }>(p));
    await settle();
    // All four 403s are in while the one refresh is still open.
    expect(server.refreshCalls()).toBe(1);
    server.releaseRefresh();
    const answers = await Promise.all(pending);
    offRefreshed();

    expect(server.refreshCalls()).toBe(1);
    expect(answers).toEqual(paths.map((path) => ({ path, token: 'access-1' })));
    for (const p of paths) {
      expect(server.callsTo(p).map((r) => r.authorization)).toEqual(['Bearer access-old', 'Bearer access-1']);
    }
    expect(tokenStore.get()).toBe('access-1');
    expect(refreshedUsers).toEqual([{ id: 7, name: 'Ana' }]);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('is not refreshed again by a 403 that arrives after another request already refreshed', async () => {
    server.login('access-old');
    server.expireAccessTokens();
    await expect(api.get('/tickets')).resolves.toEqual({ path: '/tickets', token: 'access-1' });
    // A request sent with the old token, answered after the refresh above finished.
    tokenStore.set('access-old');
    const late = api.get('/contacts');
    tokenStore.set('access-1');
    await expect(late).resolves.toEqual({ path: '/contacts', token: 'access-1' });
    expect(server.refreshCalls()).toBe(1);
  });

  it('is retried only once: a second 403 reaches the caller and the session stays', async () => {
    server.login('access-old');
    server.expireAccessTokens();
    // The refresh answers a token the API refuses too (its clock says it is already expired).
    server.fetch.mockImplementationOnce(async () => new Response('{"error":"ERR_SESSION_EXPIRED"}', { status: 403 }));
    server.fetch.mockImplementationOnce(async () => new Response('{"token":"access-skewed","user":{"id":7}}', { status: 200 }));
    server.fetch.mockImplementationOnce(async () => new Response('{"error":"ERR_SESSION_EXPIRED"}', { status: 403 }));

    const error = await api.get('/tickets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED' });
    expect(server.fetch).toHaveBeenCalledTimes(3); // request, refresh, one retry
    expect(loggedOut).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('access-skewed');
  });

  it('logs out when the refresh answers 401 (the session ended), and every waiting request fails', async () => {
    server.login('access-old');
    server.expireAccessTokens();
    server.state.refreshStatus = 401;
    server.holdRefresh();
    const pending = ['/tickets', '/contacts'].map((p) => api.get(p).catch((e: unknown) => e));
    await settle();
    server.releaseRefresh();
    const errors = await Promise.all(pending);

    expect(server.refreshCalls()).toBe(1);
    for (const error of errors) expect(error).toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED' });
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBeNull();
  });

  it('keeps the session when the refresh fails for another reason (server down), so a later request tries again', async () => {
    server.login('access-old');
    server.expireAccessTokens();
    server.state.refreshStatus = 503;
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 403 });
    expect(loggedOut).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('access-old');

    server.state.refreshStatus = 200;
    await expect(api.get('/tickets')).resolves.toEqual({ path: '/tickets', token: 'access-1' });
    expect(server.refreshCalls()).toBe(2);
  });
});

describe('other answers', () => {
  it('a 403 that is a permission refusal is not a reason to refresh', async () => {
    server.login('access-1');
    await expect(api.get('/forbidden')).rejects.toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(server.refreshCalls()).toBe(0);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('a 401 (the session was revoked, e.g. by a login elsewhere) clears the token and logs out', async () => {
    server.login('access-1');
    server.state.sessionLive = false;
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBeNull();
    expect(server.refreshCalls()).toBe(0);
  });

  it('a 401 for a token a new login already replaced does not end the new session', async () => {
    server.login('access-old');
    server.state.sessionLive = false;
    const late = api.get('/tickets').catch((e: unknown) => e);
    tokenStore.set('access-new-login');
    expect(await late).toMatchObject({ status: 401 });
    expect(loggedOut).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('access-new-login');
  });

  it('wrong credentials on /auth/login are an error for the form, not a logout', async () => {
    server.login('access-1');
    server.fetch.mockImplementationOnce(async () => new Response('{"error":"ERR_INVALID_CREDENTIALS"}', { status: 401 }));
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 401,
      code: 'ERR_INVALID_CREDENTIALS',
    });
    expect(loggedOut).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('access-1');
  });
});
