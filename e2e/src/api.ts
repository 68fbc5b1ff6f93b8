import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/**
 * Direct API calls for a scenario's preconditions (a user to log in as), so each scenario drives in
 * the browser only the thing it is about. Note: logging in ends the same user's other sessions
 * (spec 1 §4.3), so a scenario calls these before it logs that user in through the browser.
 */

/**
 * A JSON caller for the server at `baseUrl`: a scenario's own second server (`apiAt(server.baseUrl)`) or a
 * screenshot script's. Throws with the answer's text when the status is not 2xx.
 */
export function apiAt(baseUrl: string) {
  return async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** The run's shared server. */
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiAt(inject('baseUrl'))<T>(method, path, body, token);

export async function apiLogin(email: string, password: string): Promise<string> {
  const { token } = await call<{ token: string }>('POST', '/auth/login', { email, password });
  return token;
}

export const adminToken = () => apiLogin(ADMIN_EMAIL, ADMIN_PASSWORD);

/** A unique suffix, so scenarios never collide on e-mails or names even when re-run on one server. */
export const unique = () => randomUUID().slice(0, 8);

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** POST /users as the main company's admin. */
export async function createUser(input: { profile: 'user' | 'admin'; name?: string; password?: string }): Promise<CreatedUser> {
  const tag = unique();
  const name = input.name ?? `E2E ${input.profile} ${tag}`;
  const email = `e2e-${input.profile}-${tag}@example.com`;
  const password = input.password ?? 'Senha123';
  const token = await adminToken();
  const user = await call<{ id: number }>('POST', '/users', { name, email, password, profile: input.profile, queueIds: [] }, token);
  return { id: user.id, name, email, password };
}

/** GET with a token, to check what a scenario stored (log in through the API only after the browser is done). */
export const apiGet = <T>(path: string, token: string) => call<T>('GET', path, undefined, token);

/** POST with a token, for a scenario's preconditions (a connection to act on). */
export const apiPost = <T>(path: string, body: unknown, token: string) => call<T>('POST', path, body, token);

/** PUT with a token, for a scenario's preconditions (a ticket resolved before the scenario opens its contact). */
export const apiPut = <T>(path: string, body: unknown, token: string) => call<T>('PUT', path, body, token);
