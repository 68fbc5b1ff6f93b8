import { and, asc, eq, isNull } from 'drizzle-orm';
import { type QueueOptionRow, queueOptions } from '../../db/schema';
import type { Turn } from './turn';

/**
 * Why an option cannot be offered: what it points to is gone (a deleted queue, user, integration or
 * file list leaves the reference null).
 */
function deadEnd(option: QueueOptionRow): string | null {
  if (option.queueType === 'queue' && option.optQueueId === null) return 'its queue was deleted';
  if (option.queueType === 'attendent' && option.optUserId === null) return 'its attendant was deleted';
  if (option.queueType === 'file' && option.optFileId === null) return 'its file list was deleted';
  if (option.queueType === 'integration' && option.optIntegrationId === null) return 'its integration was deleted';
  return null;
}

/**
 * The options under `parentId` (the roots when null) of a queue, by position, without those that
 * lead nowhere: each skipped one is logged, so the customer only ever sees options that work.
 */
export async function optionsUnder(turn: Turn, queueId: number, parentId: number | null): Promise<QueueOptionRow[]> {
  const rows = await turn.tx
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.queueId, queueId), parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId)))
    .orderBy(asc(queueOptions.position), asc(queueOptions.id));
  return rows.filter((option) => {
    const reason = deadEnd(option);
    if (reason) turn.deps.log.warn({ optionId: option.id, ticketId: turn.ticket.id }, `chatbot option skipped: ${reason}`);
    return !reason;
  });
}

export async function optionById(turn: Turn, id: number): Promise<QueueOptionRow | null> {
  const [row] = await turn.tx.select().from(queueOptions).where(eq(queueOptions.id, id));
  return row ?? null;
}
