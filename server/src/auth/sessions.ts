// Identity below the features (a non-feature module): the live-session check every request and socket
// handshake makes, and opening, rotating and revoking sessions. The auth and users features use it too.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { type UserRow, userQueues, userSessions, users } from '../db/schema';
import { type Realtime, rooms } from '../realtime/emit';

/** The condition every authenticated request checks: this session, of this user, not revoked. */
export const liveSessionOf = (sessionId: unknown, userId: unknown) =>
  and(eq(userSessions.id, sessionId as string), eq(userSessions.userId, userId as number), isNull(userSessions.revokedAt));

/**
 * Runs on every authenticated request, hence prepared. The user's queues come along (an index
 * lookup in the same statement): the ticket routes' visibility needs them, and a query of their
 * own cost a round trip per request.
 */
const sessionUserStatement = preparedStatement((db) =>
  db
    .select({
      user: users,
      queueIds: sql<number[]>`array(select ${userQueues.queueId} from ${userQueues} where ${userQueues.userId} = ${users.id})`,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(liveSessionOf(sql.placeholder('sessionId'), sql.placeholder('userId')))
    .prepare('load_session_user'),
);

/** The user behind a live session with their queues, as every authenticated request loads it. */
export interface SessionUser {
  user: UserRow;
  queueIds: number[];
}

/** The user behind a live session and their queues, or null when the session is unknown, revoked or not this user's. */
export async function loadSessionActor(db: Db, sessionId: string, userId: number): Promise<SessionUser | null> {
  const [row] = await sessionUserStatement(db).execute({ sessionId, userId });
  return row ? { user: row.user, queueIds: row.queueIds.map(Number) } : null;
}

/** The user behind a live session, or null when the session is unknown, revoked or not this user's. */
export async function loadSessionUser(db: Db, sessionId: string, userId: number): Promise<UserRow | null> {
  return (await loadSessionActor(db, sessionId, userId))?.user ?? null;
}

/** Opens a session and ends every other live one of the user (one live session per user); call it in a transaction. */
export async function openSession(
  tx: DbOrTx,
  user: UserRow,
  sessionId: string,
  jti: string,
  meta: { remember: boolean; userAgent?: string; ip?: string },
): Promise<{ endedSessionIds: string[] }> {
  // Two logins of one user at the same moment: each would end the sessions it sees and neither sees the
  // other's uncommitted one, leaving two live. The user's row lock makes the later one wait and end the first.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
  const ended = await tx
    .update(userSessions)
    .set({ revokedAt: new Date(), revokedReason: 'superseded' })
    .where(and(eq(userSessions.userId, user.id), isNull(userSessions.revokedAt), ne(userSessions.id, sessionId)))
    .returning({ id: userSessions.id });
  await tx.insert(userSessions).values({
    id: sessionId,
    userId: user.id,
    companyId: user.companyId,
    refreshJti: jti,
    remember: meta.remember,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { endedSessionIds: ended.map((e) => e.id) };
}

export const newSessionId = () => randomUUID();

export async function findSession(db: DbOrTx, sessionId: string) {
  const [s] = await db.select().from(userSessions).where(eq(userSessions.id, sessionId));
  return s ?? null;
}

/** Rotates the refresh jti only if `expectedJti` is still the current one (compare-and-set). */
export async function rotateRefresh(db: DbOrTx, sessionId: string, expectedJti: string, nextJti: string): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ refreshJti: nextJti, previousJti: expectedJti, rotatedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.refreshJti, expectedJti), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.length === 1;
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Revokes every live session of a user but `keep` (the caller's own, when a user changes their password). */
export async function revokeUserSessions(db: DbOrTx, userId: number, reason: string, keep?: string): Promise<string[]> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), keep ? ne(userSessions.id, keep) : undefined))
    .returning({ id: userSessions.id });
  return rows.map((r) => r.id);
}

/**
 * After revoked sessions commit: their open browsers hear `company-{id}-auth` (the same signal as a login
 * elsewhere, which logs them out) and their sockets close. Their tokens and refresh cookies already fail,
 * since every request and refresh checks the session.
 */
export function closeRevokedSessions(realtime: Realtime, companyId: number, userId: number, sessionIds: readonly string[]) {
  for (const sessionId of sessionIds) {
    realtime.toRoom(companyId, rooms.session(sessionId), 'auth', { action: 'update', user: { id: userId } });
    realtime.disconnectRoom(companyId, rooms.session(sessionId));
  }
}
