import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { userSessions } from '../../db/schema';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const NEW_PASSWORD = 'Outra-senha-1';
const refreshCookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'jrt')!.value;

/** A real login: a session with its refresh cookie, as a browser has. */
async function logIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: TEST_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return { token: res.json().token as string, cookie: refreshCookieOf(res) };
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } });
const liveSessions = async (userId: number) =>
  (await t.database.db.select().from(userSessions).where(eq(userSessions.userId, userId))).filter((s) => !s.revokedAt).map((s) => s.id);

describe('a password change ends sessions', () => {
  test('set by an admin: every session of the user ends (token, refresh cookie, sockets told and closed)', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const browser = await logIn(agent.email);
    const [sessionId] = await liveSessions(agent.id);

    const res = await (await t.as(admin)).put(`/users/${agent.id}`, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);

    expect((await me(browser.token)).statusCode).toBe(401);
    expect((await refresh(browser.cookie)).statusCode).toBe(401);
    expect(await liveSessions(agent.id)).toEqual([]);
    const told = t.sent.find((e) => e.event === `company-${admin.companyId}-auth` && e.room === `session:${sessionId}`);
    expect(told?.payload).toEqual({ action: 'update', user: { id: agent.id } });
  });

  test('by the user: the session they changed it from goes on (a user has one live session)', async () => {
    const agent = await t.factory.user();
    const browser = await logIn(agent.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: { authorization: `Bearer ${browser.token}` },
      payload: { password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(browser.token)).statusCode).toBe(200);
    expect((await refresh(browser.cookie)).statusCode).toBe(200);
    expect(await liveSessions(agent.id)).toHaveLength(1);
  });

  test('other edits end no session', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const browser = await logIn(agent.email);
    expect((await (await t.as(admin)).put(`/users/${agent.id}`, { name: 'Outro nome' })).statusCode).toBe(200);
    expect((await me(browser.token)).statusCode).toBe(200);
    expect((await refresh(browser.cookie)).statusCode).toBe(200);
  });
});
