import type { ErrorBody } from '@chatflow/contract';
import { tokenStore } from './token';

/** A failed call: HTTP status plus the server's ERR_* code and field messages. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string | null,
    public fields: ErrorBody['fields'] = [],
    public body: unknown = null,
  ) {
    super(code ?? `HTTP ${status}`);
  }
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

let refreshing: Promise<string | null> | null = null;
const listeners = { unauthorized: new Set<() => void>(), refreshed: new Set<(body: unknown) => void>() };

/** Called by the auth provider: a 401 means the session is over. */
export function onUnauthorized(fn: () => void) {
  listeners.unauthorized.add(fn);
  return () => listeners.unauthorized.delete(fn);
}

/** The server said the session is over (revoked, replaced by a login elsewhere, or its refresh expired). */
function endSession() {
  tokenStore.clear();
  for (const fn of listeners.unauthorized) fn();
}

/**
 * One refresh at a time: concurrent 403s wait for the same call. A 401 from the refresh means the
 * session is over and logs out; a network failure or a 5xx only answers null, so the user stays
 * signed in and the next request tries again.
 */
export function refreshToken(): Promise<string | null> {
  refreshing ??= fetch('/auth/refresh_token', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (res.status === 401) endSession();
      if (!res.ok) return null;
      const body = await res.json();
      tokenStore.set(body.token);
      for (const fn of listeners.refreshed) fn(body);
      return body.token as string;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
export function onRefreshed(fn: (body: unknown) => void) {
  listeners.refreshed.add(fn);
  return () => listeners.refreshed.delete(fn);
}

function buildUrl(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** An error answer: its JSON, or the text itself when a server or proxy answered a plain string. */
function errorPayload(text: string) {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query, retried = false): Promise<T> {
  const token = tokenStore.get();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const res = await fetch(buildUrl(path, query), {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (res.ok) {
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }
  const payload = errorPayload(await res.text());
  // An expired access token: refresh once and retry (spec 1 §4.3). When another request's refresh
  // already replaced the token this one was sent with, retry with that one instead of refreshing again.
  if (res.status === 403 && payload.error === 'ERR_SESSION_EXPIRED' && !retried && token) {
    const current = tokenStore.get();
    const fresh = current && current !== token ? current : await refreshToken();
    if (fresh) return request<T>(method, path, body, query, true);
  }
  if (res.status === 401 && token && path !== '/auth/login' && tokenStore.get() === token) endSession();
  throw new ApiError(res.status, payload.error ?? null, payload.fields ?? [], payload);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, body, query),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
