import { SignJWT } from 'jose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Config } from '../config';
import { tokenService } from './tokens';

const config = { jwtSecret: 'access-secret', jwtRefreshSecret: 'refresh-secret', accessTokenTtl: '15m', refreshTokenTtlDays: 30 } as Config;
const claims = { userId: 7, companyId: 3, sessionId: 'session-1' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  test('a token verifies again and again with the same claims (the second time from memory)', async () => {
    const tokens = tokenService(config);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims });
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims });
  });

  test('a token that verified once is refused as expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = tokenService(config);
    const token = await tokens.signAccess(claims);
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  test('a tampered signature is refused even after the genuine token was verified', async () => {
    const tokens = tokenService(config);
    const token = await tokens.signAccess(claims);
    await tokens.verifyAccess(token);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccess(tampered)).toEqual({ ok: false, reason: 'invalid' });
  });

  test('a well-signed token without an expiry is refused', async () => {
    const forever = await new SignJWT({ cid: claims.companyId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .sign(new TextEncoder().encode(config.jwtSecret));
    expect(await tokenService(config).verifyAccess(forever)).toEqual({ ok: false, reason: 'invalid' });
  });

  test('a token signed with another secret is refused', async () => {
    const other = await tokenService({ ...config, jwtSecret: 'someone-else' }).signAccess(claims);
    expect(await tokenService(config).verifyAccess(other)).toEqual({ ok: false, reason: 'invalid' });
  });
});
