import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queues } from '../../db/schema';

/**
 * For other features (users, connections) that link rows to queues: which of `ids` are queues of
 * the company. A caller compares the answer with what it was sent, so a foreign id never links.
 */
export async function existingQueueIds(db: DbOrTx, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, [...ids])));
  return rows.map((r) => r.id);
}
