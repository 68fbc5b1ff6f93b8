import { describe, expect, test } from 'vitest';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';

const forwardedFrom = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });

describe('without TRUST_PROXY (the default)', () => {
  const t = useTestApp({ loginRateLimit: { max: 3, perAccountMax: 5, windowMs: 60_000 } });

  test('X-Forwarded-For is not believed: a rotating one is still one client', async () => {
    const user = await t.factory.user();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: forwardedFrom(i),
        payload: { email: user.email, password: 'Errada-123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]); // the per-address limit (3), not the account's (5)
  });

  test('only failed tries count: a user who logs in often is never limited; wrong passwords are', async () => {
    const user = await t.factory.user();
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '198.51.100.7', payload: { email: user.email, password } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(TEST_PASSWORD)).statusCode);
    for (let i = 0; i < 4; i++) statuses.push((await attempt('Errada-123')).statusCode);
    const blocked = await attempt(TEST_PASSWORD);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 401, 401, 401, 429]);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('behind a trusted proxy, with addresses that change on every try', () => {
  const t = useTestApp({ loginRateLimit: { max: 3, perAccountMax: 5, windowMs: 60_000 }, trustProxy: true });

  test('one account’s logins are bounded whatever address they come from; another account is not', async () => {
    const user = await t.factory.user();
    const other = await t.factory.user();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: forwardedFrom(i),
        payload: { email: user.email.toUpperCase(), password: 'Errada-123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]); // each address tried once: the account's limit (5)
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: forwardedFrom(99),
      payload: { email: other.email, password: 'Errada-123' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  test('reset codes one e-mail may ask for are bounded per hour, from any address', async () => {
    const user = await t.factory.user();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: `/forgetpassword/${user.email}`, headers: forwardedFrom(i) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  test('a reset code’s tries are bounded per account, from any address', async () => {
    const user = await t.factory.user();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/resetpasswords/${user.email}/000000/Nova-senha-1`,
        headers: forwardedFrom(i),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});
