import type { QueueRef } from '@chatflow/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queues, userQueues } from '../../db/schema';

/** Queues of several users in one query (no N+1 on lists). */
export async function queuesOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const map = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db.select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues).innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds)).orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const r of rows) map.get(r.userId)?.push({ id: r.id, name: r.name, color: r.color });
  return map;
}

export async function queuesOfUser(db: DbOrTx, userId: number): Promise<QueueRef[]> {
  return (await queuesOfUsers(db, [userId])).get(userId) ?? [];
}
