import type { ChatbotOptionData } from '@chatflow/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { type QueueOptionRow, queueOptions } from '../../../db/schema';

interface Place {
  companyId: number;
  queueId: number;
  parentId: number | null;
}

const optionValues = (o: ChatbotOptionData) => ({
  name: o.name,
  greetingMessage: o.greetingMessage,
  queueType: o.queueType,
  closeTicket: o.closeTicket,
  optQueueId: o.optQueueId,
  optUserId: o.optUserId,
  optIntegrationId: o.optIntegrationId,
  optFileId: o.optFileId,
});

/**
 * Makes `list` the children of `place`, keeping the ids of options sent back with their id: the
 * automation engine remembers where a customer stands in a menu by option id, so editing a menu
 * must not renumber it. `pool` holds the rows that may be reused (the subtree being replaced); an id
 * outside it (another queue's, a deleted one) is simply a new option. Returns the ids kept or made.
 */
export async function saveChildren(
  tx: Tx,
  place: Place,
  list: readonly ChatbotOptionData[],
  pool: ReadonlyMap<number, QueueOptionRow>,
  kept = new Set<number>(),
): Promise<Set<number>> {
  for (const [position, o] of list.entries()) {
    const values = { ...optionValues(o), parentId: place.parentId, position };
    let id: number;
    if (o.id !== undefined && pool.has(o.id) && !kept.has(o.id)) {
      id = o.id;
      await tx
        .update(queueOptions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(queueOptions.companyId, place.companyId), eq(queueOptions.id, id)));
    } else {
      const [row] = await tx
        .insert(queueOptions)
        .values({ ...values, companyId: place.companyId, queueId: place.queueId })
        .returning({ id: queueOptions.id });
      id = row.id;
    }
    kept.add(id);
    await saveChildren(tx, { ...place, parentId: id }, o.options, pool, kept);
  }
  return kept;
}

/** Removes the pool's rows that the new tree did not keep. */
export async function dropUnkept(tx: Tx, companyId: number, pool: ReadonlyMap<number, QueueOptionRow>, kept: ReadonlySet<number>) {
  const gone = [...pool.keys()].filter((id) => !kept.has(id));
  if (gone.length) await tx.delete(queueOptions).where(and(eq(queueOptions.companyId, companyId), inArray(queueOptions.id, gone)));
}
