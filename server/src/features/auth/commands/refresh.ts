import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { findSession, revokeSession, rotateRefresh } from '../../../auth/sessions';
import { type AuthDeps, sessionResponse } from './login';

/** A just-replaced refresh token is still honoured this long (two tabs refreshing at once). */
const ROTATION_GRACE_MS = 30_000;

/** `jti` is the token the session's last rotation replaced, and that rotation is recent. */
function withinGrace(session: { previousJti: string | null; rotatedAt: Date | null }, jti: string) {
  return session.previousJti === jti && session.rotatedAt !== null && Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
}

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

  if (withinGrace(session, jti)) return lateTab(session.refreshJti);
  const next = await deps.tokens.signRefresh({ userId, sessionId });
  if (!(await rotateRefresh(deps.db, sessionId, jti, next.jti))) {
    // Another request with this same token rotated it first (two tabs refreshing at once): it is that
    // request's sibling, not a thief, as long as the rotation it lost to is within the grace window.
    const now = await findSession(deps.db, sessionId);
    if (now && !now.revokedAt && withinGrace(now, jti)) return lateTab(now.refreshJti);
    await revokeSession(deps.db, sessionId, 'refresh-reuse');
    throw expired;
  }
  return respond(next.token);

  /** Hands the late tab a token for the current jti instead of rotating again. */
  async function lateTab(currentJti: string) {
    const current = await deps.tokens.signRefresh({ userId, sessionId }, currentJti);
    return respond(current.token);
  }

  async function respond(refreshToken: string) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw expired;
    return sessionResponse(deps, user, sessionId, refreshToken, session!.remember);
  }
}
