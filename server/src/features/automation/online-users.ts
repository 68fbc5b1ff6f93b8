import { and, asc, eq } from 'drizzle-orm';
import { userQueues, users } from '../../db/schema';
import type { Turn } from './turn';

/** The ids of a queue's agents who are online now, in id order (rotation walks them in turn). */
export async function onlineUsersOf(turn: Turn, queueId: number): Promise<number[]> {
  const rows = await turn.tx
    .select({ id: users.id })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.queueId, queueId), eq(users.online, true), eq(users.companyId, turn.ticket.companyId)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
