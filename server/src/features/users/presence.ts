import { PRESENCE_TIMEOUT_MS } from '@chatflow/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import type { Realtime } from '../../realtime/emit';
import type { RealtimeHooks } from '../../realtime/server';
import { presentUser } from './presenter';
import { queuesOfUser, queuesOfUsers } from './queries';

interface PresenceDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** Tells the company a user's online flag changed (the attendance panel and user list listen). */
export async function announceUsers(deps: PresenceDeps, rows: UserRow[]) {
  const queues = await queuesOfUsers(
    deps.db,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    deps.realtime.toCompany(row.companyId, 'user', { action: 'update', user: presentUser(row, queues.get(row.id)) });
  }
}

export async function markOnline(deps: PresenceDeps, userId: number) {
  const [before] = await deps.db.select({ online: users.online }).from(users).where(eq(users.id, userId));
  const rows = await deps.db.update(users).set({ online: true, lastSeenAt: new Date() }).where(eq(users.id, userId)).returning();
  if (before && !before.online) await announceUsers(deps, rows);
}

export async function markOffline(deps: PresenceDeps, userId: number) {
  const rows = await deps.db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.id, userId), eq(users.online, true)))
    .returning();
  await announceUsers(deps, rows);
}

/** Users whose last heartbeat is older than the timeout go offline (a crashed browser sends no disconnect). */
export async function sweepStalePresence(deps: PresenceDeps, now = new Date()) {
  const cutoff = new Date(now.getTime() - PRESENCE_TIMEOUT_MS);
  const rows = await deps.db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.online, true), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, cutoff))))
    .returning();
  await announceUsers(deps, rows);
  return rows.length;
}

export function presenceHooks(deps: () => PresenceDeps): RealtimeHooks {
  return {
    onPresence: (_companyId, userId) => markOnline(deps(), userId),
    onAllSocketsGone: (_companyId, userId) => markOffline(deps(), userId),
    queueIdsOf: async (userId) => (await queuesOfUser(deps().db, userId)).map((q) => q.id),
  };
}
