import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';

export interface AccessClaims { userId: number; companyId: number; sessionId: string }
export interface RefreshClaims { userId: number; sessionId: string; jti: string }

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

const key = (secret: string) => new TextEncoder().encode(secret);

export function tokenService(config: Config) {
  const accessKey = key(config.jwtSecret);
  const refreshKey = key(config.jwtRefreshSecret);

  async function verify<T>(token: string, k: Uint8Array, map: (p: Record<string, unknown>) => T | null): Promise<VerifyResult<T>> {
    try {
      const { payload } = await jwtVerify(token, k, { algorithms: ['HS256'] });
      const claims = map(payload as Record<string, unknown>);
      return claims ? { ok: true, claims } : { ok: false, reason: 'invalid' };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    signAccess: (c: AccessClaims) =>
      new SignJWT({ cid: c.companyId, sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(String(c.userId))
        .setIssuedAt().setExpirationTime(config.accessTokenTtl).sign(accessKey),

    /** A new refresh token; `jti` is reused only to re-issue the current one (rotation grace). */
    signRefresh: (c: Omit<RefreshClaims, 'jti'>, jti: string = randomUUID()) => {
      const token = new SignJWT({ sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(String(c.userId)).setJti(jti)
        .setIssuedAt().setExpirationTime(`${config.refreshTokenTtlDays}d`).sign(refreshKey);
      return token.then((t) => ({ token: t, jti }));
    },

    verifyAccess: (token: string) =>
      verify<AccessClaims>(token, accessKey, (p) =>
        typeof p.sub === 'string' && typeof p.cid === 'number' && typeof p.sid === 'string'
          ? { userId: Number(p.sub), companyId: p.cid, sessionId: p.sid } : null),

    verifyRefresh: (token: string) =>
      verify<RefreshClaims>(token, refreshKey, (p) =>
        typeof p.sub === 'string' && typeof p.sid === 'string' && typeof p.jti === 'string'
          ? { userId: Number(p.sub), sessionId: p.sid, jti: p.jti } : null),
  };
}
export type TokenService = ReturnType<typeof tokenService>;
