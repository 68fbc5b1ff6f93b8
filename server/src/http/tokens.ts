import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';

export interface AccessClaims {
  userId: number;
  companyId: number;
  sessionId: string;
}
export interface RefreshClaims {
  userId: number;
  sessionId: string;
  jti: string;
}

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * A browser sends the same access token with every request of its 15 minutes; its signature is checked
 * once (jose's HMAC runs through WebCrypto, a thread-pool round trip per call) and the claims are kept
 * until the token expires. Only tokens that verified are kept; the session is still checked in the
 * database on every request, so a revoked session is refused at once.
 */
const VERIFIED_ACCESS_TOKENS = 10_000;
type Verified<T> = { claims: T; expiresAt: number };

export function tokenService(config: Config) {
  const accessKey = key(config.jwtSecret);
  const refreshKey = key(config.jwtRefreshSecret);
  const verifiedAccess = new LRUCache<string, Verified<AccessClaims>>({ max: VERIFIED_ACCESS_TOKENS });

  async function verify<T>(
    token: string,
    k: Uint8Array,
    map: (p: Record<string, unknown>) => T | null,
    cache?: LRUCache<string, Verified<T>>,
  ): Promise<VerifyResult<T>> {
    const known = cache?.get(token);
    if (known) return known.expiresAt > Date.now() ? { ok: true, claims: known.claims } : { ok: false, reason: 'expired' };
    try {
      // A token that never expires is refused: every token signed here carries `exp`.
      const { payload } = await jwtVerify(token, k, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      const claims = map(payload as Record<string, unknown>);
      if (!claims) return { ok: false, reason: 'invalid' };
      // Kept no longer than the token lives.
      const expiresAt = (payload.exp as number) * 1000;
      if (expiresAt > Date.now()) cache?.set(token, { claims, expiresAt }, { ttl: expiresAt - Date.now() });
      return { ok: true, claims };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    signAccess: (c: AccessClaims) =>
      new SignJWT({ cid: c.companyId, sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuedAt()
        .setExpirationTime(config.accessTokenTtl)
        .sign(accessKey),

    /** A new refresh token; `jti` is reused only to re-issue the current one (rotation grace). */
    signRefresh: (c: Omit<RefreshClaims, 'jti'>, jti: string = randomUUID()) => {
      const token = new SignJWT({ sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(`${config.refreshTokenTtlDays}d`)
        .sign(refreshKey);
      return token.then((t) => ({ token: t, jti }));
    },

    verifyAccess: (token: string) =>
      verify<AccessClaims>(
        token,
        accessKey,
        (p) =>
          typeof p.sub === 'string' && typeof p.cid === 'number' && typeof p.sid === 'string'
            ? { userId: Number(p.sub), companyId: p.cid, sessionId: p.sid }
            : null,
        verifiedAccess,
      ),

    verifyRefresh: (token: string) =>
      verify<RefreshClaims>(token, refreshKey, (p) =>
        typeof p.sub === 'string' && typeof p.sid === 'string' && typeof p.jti === 'string'
          ? { userId: Number(p.sub), sessionId: p.sid, jti: p.jti }
          : null,
      ),
  };
}
export type TokenService = ReturnType<typeof tokenService>;
