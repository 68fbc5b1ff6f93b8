import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { tokenStore } from '../../lib/token';
import { AuthProvider, useAuth } from './AuthProvider';

/**
 * The session as the app holds it (spec 1 §4.3), over lib/api.ts with `fetch` answering as the server
 * does: on start a stored token is refreshed once; a refresh answered 401 ends the session; one that
 * got no answer keeps the token for the next load; a 401 on any call logs the user out.
 */
function SessionView() {
  const { user, loading } = useAuth();
  if (loading) return <p>carregando</p>;
  return <p>{user ? `sessão de ${user.name}` : 'sem sessão'}</p>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sessionUser = { id: 7, name: 'Ana', companyId: 1, company: { id: 1, name: 'Chat-flow', dueDate: '2999-12-31' } };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('access-stored');
});
afterEach(() => vi.unstubAllGlobals());

describe('on start with a stored token', () => {
  it('refreshes once and holds the user the refresh answered', async () => {
    const fetch = answer(200, { token: 'access-2', user: sessionUser });
    render(
      <AuthProvider>
        <SessionView />
      </AuthProvider>,
    );
    expect(await screen.findByText('sessão de Ana')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/auth/refresh_token');
    expect(tokenStore.get()).toBe('access-2');
  });

  it('ends the session when the refresh answers 401', async () => {
    answer(401, { error: 'ERR_SESSION_EXPIRED' });
    render(
      <AuthProvider>
        <SessionView />
      </AuthProvider>,
    );
    expect(await screen.findByText('sem sessão')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it('keeps the token when the server could not answer, so the next load tries again', async () => {
    answer(503, { error: 'ERR_SERVICE_UNAVAILABLE' });
    render(
      <AuthProvider>
        <SessionView />
      </AuthProvider>,
    );
    expect(await screen.findByText('sem sessão')).toBeInTheDocument();
    expect(tokenStore.get()).toBe('access-stored');
  });
});

it('a 401 on any call while signed in (the session ended elsewhere) signs the user out', async () => {
  answer(200, { token: 'access-2', user: sessionUser });
  render(
    <AuthProvider>
      <SessionView />
    </AuthProvider>,
  );
  expect(await screen.findByText('sessão de Ana')).toBeInTheDocument();

  answer(401, { error: 'ERR_SESSION_EXPIRED' });
  await act(async () => {
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 401 });
  });
  expect(await screen.findByText('sem sessão')).toBeInTheDocument();
  expect(tokenStore.get()).toBeNull();
});
