import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userSessions } from '../../db/schema';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';

// The refresh-token contract (commands/refresh.ts): a token just replaced by a rotation is honoured for
// 30 s (two tabs refreshing together), and is answered with a token for the session's current jti; later
// it is taken as theft and ends the session. One live session per user: a login ends the other one.
const t = useTestApp();
const GRACE_MS = 30_000;

afterEach(() => {
  vi.useRealTimers();
});

type Res = { statusCode: number; cookies: { name: string; value: string }[]; json(): { token: string } };
const cookieOf = (res: Res) => {
  const value = res.cookies.find((c) => c.name === 'jrt')?.value;
  if (!value) throw new Error(`no refresh cookie in a ${res.statusCode} answer`);
  return value;
};
const jtiOf = (refreshToken: string) => decodeJwt(refreshToken).jti;
const sessionIdOf = (accessToken: string) => decodeJwt(accessToken).sid as string;

let ip = 0;
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: `10.77.0.${++ip}` });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
const session = async (id: string) => (await t.database.db.select().from(userSessions).where(eq(userSessions.id, id)))[0];

/** A logged-in user and the session's first refresh cookie. */
async function loggedIn() {
  const user = await t.factory.user();
  const res = await login(user.email);
  expect(res.statusCode).toBe(200);
  return { user, token: res.json().token as string, cookie: cookieOf(res) };
}

describe('the rotation grace window', () => {
  test('within it the replaced token gets the current jti, rotates nothing, and the session stays live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token, cookie: replaced } = await loggedIn();
    const rotated = await refresh(replaced);
    expect(rotated.statusCode).toBe(200);
    const current = cookieOf(rotated);
    expect(jtiOf(current)).not.toBe(jtiOf(replaced));

    vi.setSystemTime(Date.now() + GRACE_MS - 1_000);
    const late = await refresh(replaced);
    expect(late.statusCode).toBe(200);
    expect(jtiOf(cookieOf(late))).toBe(jtiOf(current));
    expect(await me(late.json().token).then((r) => r.statusCode)).toBe(200);
    const row = await session(sessionIdOf(token));
    expect(row).toMatchObject({ revokedAt: null, refreshJti: jtiOf(current), previousJti: jtiOf(replaced) });
    // The current token still rotates normally.
    expect((await refresh(current)).statusCode).toBe(200);
  });

  test('after it the replaced token is refused and ends the session for every holder', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token, cookie: replaced } = await loggedIn();
    const rotated = await refresh(replaced);
    expect(rotated.statusCode).toBe(200);
    const current = cookieOf(rotated);

    vi.setSystemTime(Date.now() + GRACE_MS + 1_000);
    const late = await refresh(replaced);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect(await session(sessionIdOf(token))).toMatchObject({ revokedReason: 'refresh-reuse' });
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await me(rotated.json().token)).statusCode).toBe(401);
  });
});

describe('concurrent refreshes of one session', () => {
  test('tabs refreshing with the same token at once all succeed, end with the current jti, and the session stays live', async () => {
    const { token, cookie } = await loggedIn();
    const answers = await Promise.all([refresh(cookie), refresh(cookie), refresh(cookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);

    const row = await session(sessionIdOf(token));
    expect(row.revokedAt).toBeNull();
    expect(row.previousJti).toBe(jtiOf(cookie)); // rotated exactly once
    const jtis = answers.map((a) => jtiOf(cookieOf(a)));
    expect(jtis).toEqual([row.refreshJti, row.refreshJti, row.refreshJti]);
    for (const answer of answers) expect((await me(answer.json().token)).statusCode).toBe(200);
    // Each tab's new cookie keeps working: the first rotates, the others are then within the grace window.
    for (const answer of answers) expect((await refresh(cookieOf(answer))).statusCode).toBe(200);
    expect((await session(sessionIdOf(token))).revokedAt).toBeNull();
  });
});

describe('two logins of one user at the same moment', () => {
  test('both succeed, exactly one session stays live, and only the other one is told and refused', async () => {
    const user = await t.factory.user();
    const [a, b] = await Promise.all([login(user.email), login(user.email)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);

    const ids = [sessionIdOf(a.json().token), sessionIdOf(b.json().token)];
    const rows = await Promise.all(ids.map(session));
    const live = rows.filter((r) => r.revokedAt === null);
    expect(live).toHaveLength(1);
    const [ended] = rows.filter((r) => r.revokedAt !== null);
    expect(ended.revokedReason).toBe('superseded');
    const [winner, loser] = live[0].id === ids[0] ? [a, b] : [b, a];

    expect((await me(winner.json().token)).statusCode).toBe(200);
    const refused = await me(loser.json().token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await refresh(cookieOf(loser))).statusCode).toBe(401);
    expect((await refresh(cookieOf(winner))).statusCode).toBe(200);

    const told = t.sent.filter((e) => e.event === `company-${user.companyId}-auth`);
    expect(told).toEqual([
      {
        companyId: user.companyId,
        room: `session:${ended.id}`,
        event: `company-${user.companyId}-auth`,
        payload: { action: 'update', user: { id: user.id } },
      },
    ]);
  });
});
