import { and, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactExtraInfo } from '../../db/schema';

export interface ExtraInfoItem {
  id?: number;
  name: string;
  value: string;
}

/**
 * Makes the contact's extra info exactly `items` (the modal sends the whole list): rows that kept
 * their id are updated in place, so their ids stay stable for the web's keys; the rest are new, and
 * rows left out are removed. An id of another contact's row counts as new.
 */
export async function replaceExtraInfo(tx: DbOrTx, contactId: number, items: ExtraInfoItem[]): Promise<void> {
  const existing = new Set(
    (await tx.select({ id: contactExtraInfo.id }).from(contactExtraInfo).where(eq(contactExtraInfo.contactId, contactId))).map((r) => r.id),
  );
  const kept = items.filter((i) => i.id !== undefined && existing.has(i.id));
  const keptIds = kept.map((i) => i.id as number);
  await tx
    .delete(contactExtraInfo)
    .where(
      keptIds.length
        ? and(eq(contactExtraInfo.contactId, contactId), notInArray(contactExtraInfo.id, keptIds))
        : eq(contactExtraInfo.contactId, contactId),
    );
  for (const item of kept) {
    await tx
      .update(contactExtraInfo)
      .set({ name: item.name, value: item.value })
      .where(and(eq(contactExtraInfo.contactId, contactId), eq(contactExtraInfo.id, item.id as number)));
  }
  const added = items.filter((i) => !(i.id !== undefined && existing.has(i.id)));
  if (added.length) await tx.insert(contactExtraInfo).values(added.map((i) => ({ contactId, name: i.name, value: i.value })));
}
