import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { findSession, revokeSession, rotateRefresh } from '../../../auth/sessions';
import { type AuthDeps, sessionResponse } from './login';

/** A just-replaced refresh token is still honoured this long (two tabs refreshing at once). */
const ROTATION_GRACE_MS = 30_000;

/**
 * Rotates the refresh token. Presenting a token that was rotated away earlier than the grace
 * window is taken as theft: the session is revoked and both holders must log in again.
 */
export async function refreshSession(deps: AuthDeps, cookieToken: string | undefined) {
  const expired = new AppError('ERR_SESSION_EXPIRED', 401);
  if (!cookieToken) throw expired;
  const verified = await deps.tokens.verifyRefresh(cookieToken);
  if (!verified.ok) throw expired;
  const { sessionId, jti, userId } = verified.claims;
  const session = await findSession(deps.db, sessionId);
  if (!session || session.revokedAt || session.userId !== userId) throw expired;

  const next = await deps.tokens.signRefresh({ userId, sessionId });
  const inGrace = session.previousJti === jti && session.rotatedAt && Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
  if (inGrace) {
    // Hand the late tab a token for the current jti instead of rotating again.
    const current = await deps.tokens.signRefresh({ userId, sessionId }, session.refreshJti);
    return respond(current.token);
  }
  if (!(await rotateRefresh(deps.db, sessionId, jti, next.jti))) {
    await revokeSession(deps.db, sessionId, 'refresh-reuse');
    throw expired;
  }
  return respond(next.token);

  async function respond(refreshToken: string) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw expired;
    return sessionResponse(deps, user, sessionId, refreshToken, session!.remember);
  }
}
