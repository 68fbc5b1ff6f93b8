import type { QueueView } from '@chatflow/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type QueueRow, queues } from '../../db/schema';
import { notFound } from '../../http/errors';
import { loadChatbotTrees } from './chatbot-tree';
import { presentQueue } from './presenter';

/** The company's queues in bot order (queues without an order last), then by name. */
export async function listQueues(db: DbOrTx, companyId: number): Promise<QueueRow[]> {
  return db.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
}

/** The queues as views, each with its chatbot tree (one query for every tree). */
export async function listQueueViews(db: DbOrTx, companyId: number): Promise<QueueView[]> {
  const rows = await listQueues(db, companyId);
  const trees = await loadChatbotTrees(
    db,
    companyId,
    rows.map((q) => q.id),
  );
  return rows.map((q) => presentQueue(q, trees.ofQueue(q.id)));
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

/** A queue row as its view, with its tree as stored now (inside the saving transaction for events). */
export async function queueView(db: DbOrTx, companyId: number, row: QueueRow): Promise<QueueView> {
  return presentQueue(row, (await loadChatbotTrees(db, companyId, [row.id])).ofQueue(row.id));
}

export async function findQueueView(db: DbOrTx, companyId: number, id: number): Promise<QueueView> {
  return queueView(db, companyId, await findQueue(db, companyId, id));
}
