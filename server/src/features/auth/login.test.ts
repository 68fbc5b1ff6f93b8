import { describe, expect, test } from 'vitest';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'jrt')?.value;

async function login(email: string, password = TEST_PASSWORD, ip = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip });
}

describe('login', () => {
  test('returns a token, the session user with company and settings, and an httpOnly refresh cookie', async () => {
    const user = await t.factory.admin();
    const res = await login(user.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeTypeOf('string');
    expect(body.user).toMatchObject({ id: user.id, email: user.email, profile: 'admin', companyId: user.companyId });
    expect(body.user.company.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.user.company.settings.length).toBeGreaterThan(10);
    expect(body.user.company.plan.useKanban).toBe(true);
    expect(body.user.passwordHash).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'jrt');
    expect(cookie?.httpOnly).toBe(true);
  });

  test('e-mail is matched without regard to case', async () => {
    const user = await t.factory.user();
    expect((await login(user.email.toUpperCase())).statusCode).toBe(200);
  });

  test('a wrong password and an unknown e-mail give the same ERR_INVALID_CREDENTIALS', async () => {
    const user = await t.factory.user();
    const wrong = await login(user.email, 'nope-nope', '10.0.0.2');
    const unknown = await login('nobody@test.local', TEST_PASSWORD, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  test('malformed JSON and wrong types are 400 with field messages, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    const types = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 42, password: [] } });
    expect(types.statusCode).toBe(400);
    const body = types.json();
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['email', 'password']));
    const invalidEmail = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'not-an-email', password: 'x' } });
    expect(invalidEmail.json().fields[0]).toMatchObject({ field: 'email', message: 'E-mail inválido' });
  });

  test('repeated failed logins from one IP for one e-mail get 429', async () => {
    const user = await t.factory.user();
    const statuses: number[] = [];
    for (let i = 0; i < t.config.loginRateLimit.max + 1; i++) statuses.push((await login(user.email, 'wrong-pass', '10.9.9.9')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    // Another IP is not affected.
    expect((await login(user.email, TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  test('GET /auth/me needs a token (401) and answers the session user', async () => {
    expect((await t.anon.get('/auth/me')).statusCode).toBe(401);
    const user = await t.factory.user();
    const me = await (await t.as(user)).get('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, company: { id: user.companyId } });
  });

  test('a tampered token is 403 ERR_SESSION_EXPIRED (unreadable: the client refreshes once)', async () => {
    const user = await t.factory.user();
    const { token } = await t.as(user);
    const tampered = `${token.slice(0, -3)}abc`;
    const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${tampered}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  test('an expired access token is 403 so the client refreshes', async () => {
    const { SignJWT } = await import('jose');
    const user = await t.factory.user();
    const expired = await new SignJWT({ cid: user.companyId, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(1)
      .setExpirationTime(2)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  test('refresh rotates the cookie; the old cookie reused later revokes the session', async () => {
    const user = await t.factory.user();
    const first = await login(user.email, TEST_PASSWORD, '10.1.1.1');
    const cookie1 = cookieOf(first)!;
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie1 } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().token).toBeTypeOf('string');
    const cookie2 = cookieOf(refreshed)!;
    expect(cookie2).not.toBe(cookie1);
    const again = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie2 } });
    expect(again.statusCode).toBe(200);
    // cookie1 was replaced two rotations ago: taken as theft, the whole session ends.
    const reuse = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie1 } });
    expect(reuse.statusCode).toBe(401);
    const afterTheft = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookieOf(again)! } });
    expect(afterTheft.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${again.json().token}` } });
    expect(me.statusCode).toBe(401);
  });

  test('refresh without a cookie or with garbage is 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/refresh_token' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: 'garbage' } })).statusCode).toBe(401);
  });

  test('a second login ends the first session and tells its sockets', async () => {
    const user = await t.factory.user();
    const first = await login(user.email, TEST_PASSWORD, '10.2.2.2');
    const second = await login(user.email, TEST_PASSWORD, '10.2.2.3');
    expect(second.statusCode).toBe(200);
    const oldMe = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${first.json().token}` } });
    expect(oldMe.statusCode).toBe(401);
    expect(oldMe.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    const newMe = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${second.json().token}` } });
    expect(newMe.statusCode).toBe(200);
    const authEvent = t.sent.find((e) => e.event === `company-${user.companyId}-auth`);
    expect(authEvent?.payload).toEqual({ action: 'update', user: { id: user.id } });
    expect(authEvent?.room).toMatch(/^session:/);
  });

  test('logout revokes the session and clears the cookie', async () => {
    const user = await t.factory.user();
    const res = await login(user.email, TEST_PASSWORD, '10.3.3.3');
    const out = await t.app.inject({ method: 'DELETE', url: '/auth/logout', cookies: { jrt: cookieOf(res)! } });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(me.statusCode).toBe(401);
  });

  test('logout with the access token alone (a client without the cookie) ends the session too', async () => {
    const user = await t.factory.user();
    const res = await login(user.email, TEST_PASSWORD, '10.3.3.4');
    const bearer = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookieOf(res)! } })).statusCode).toBe(401);
  });

  test('the login answer names dueDate and companieSettings on the user, as spec 1 §7 lists them', async () => {
    const user = await t.factory.user();
    const res = await login(user.email, TEST_PASSWORD, '10.3.3.5');
    const body = res.json().user;
    expect(body.dueDate).toBe(body.company.dueDate);
    expect(body.companieSettings).toEqual(
      Object.fromEntries(body.company.settings.map((s: { key: string; value: string }) => [s.key, s.value])),
    );
    expect(body.companieSettings).toHaveProperty('userRating');
    expect(body.darkMode).toBe(body.defaultTheme === 'dark');
  });

  test('an expired company still logs in (the web app sends the user to /financeiro)', async () => {
    const company = await t.factory.company({ dueDate: '2020-01-01' });
    const user = await t.factory.admin({ company });
    const res = await login(user.email, TEST_PASSWORD, '10.4.4.4');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.company.dueDate).toBe('2020-01-01');
  });

  test('the main company is always due 2999-12-31', async () => {
    const res = await login('admin@chatflow.local', 'Admin123', '10.5.5.5');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.company).toMatchObject({ id: 1, dueDate: '2999-12-31' });
    expect(res.json().user.super).toBe(true);
  });
});
