import fastifyCookie from '@fastify/cookie';
import type { Db } from '../db/client';
import type { TokenService } from '../http/tokens';
import { findSession } from './sessions';

/** The httpOnly cookie that holds the refresh token (set by the auth feature's login and refresh). */
export const REFRESH_COOKIE = 'jrt';

/**
 * The live session a Cookie header's refresh token stands for: its signature, its session not revoked and
 * the token the session's current one (a rotated-out token is worth nothing). Null otherwise.
 */
export async function sessionOfRefreshCookie(
  db: Db,
  tokens: TokenService,
  cookieHeader: string | undefined,
): Promise<{ userId: number; sessionId: string } | null> {
  const token = cookieHeader ? fastifyCookie.parse(cookieHeader)[REFRESH_COOKIE] : undefined;
  if (!token) return null;
  const verified = await tokens.verifyRefresh(token);
  if (!verified.ok) return null;
  const { userId, sessionId, jti } = verified.claims;
  const session = await findSession(db, sessionId);
  if (!session || session.revokedAt || session.userId !== userId || session.refreshJti !== jti) return null;
  return { userId, sessionId };
}
