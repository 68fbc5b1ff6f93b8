import { and, eq } from 'drizzle-orm';
import { type QueueRow, queues } from '../../db/schema';
import type { Turn } from './turn';

/** A queue of the ticket's company by id (one of the connection's, or any the company has), or null when deleted. */
export async function queueById(turn: Turn, id: number): Promise<QueueRow | null> {
  const known = turn.queues?.find((q) => q.id === id);
  if (known) return known;
  const [row] = await turn.tx
    .select()
    .from(queues)
    .where(and(eq(queues.id, id), eq(queues.companyId, turn.ticket.companyId)));
  return row ?? null;
}
