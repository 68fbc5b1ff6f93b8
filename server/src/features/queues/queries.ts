import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type QueueRow, queues } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The company's queues in bot order (queues without an order last), then by name. */
export async function listQueues(db: DbOrTx, companyId: number): Promise<QueueRow[]> {
  return db.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
}

/** One queue of the company; another company's id is indistinguishable from a missing one (404). */
export async function findQueue(db: DbOrTx, companyId: number, id: number): Promise<QueueRow> {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
  if (!row) throw notFound();
  return row;
}
