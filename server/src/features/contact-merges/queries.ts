import type { ContactMergeCounts } from '@chatflow/contract';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactExtraInfo, contactTags, schedules, tickets } from '../../db/schema';
import { checkPair, ticketsToClose } from './rules';

/** GET /contacts/:id/merge/preview: what merging `fromId` into `keptId` would move, as counts. */
export async function previewContactMerge(db: DbOrTx, companyId: number, keptId: number, fromId: number): Promise<ContactMergeCounts> {
  await checkPair(db, companyId, keptId, fromId);
  const [t] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, fromId)));
  const [s] = await db
    .select({ n: count() })
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, fromId)));
  const keptTags = (await db.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, keptId))).map(
    (r) => r.tagId,
  );
  const [g] = await db
    .select({ n: count() })
    .from(contactTags)
    .where(
      keptTags.length ? and(eq(contactTags.contactId, fromId), notInArray(contactTags.tagId, keptTags)) : eq(contactTags.contactId, fromId),
    );
  const [e] = await db.select({ n: count() }).from(contactExtraInfo).where(eq(contactExtraInfo.contactId, fromId));
  return {
    tickets: t.n,
    closedTickets: (await ticketsToClose(db, keptId, fromId, false)).length,
    schedules: s.n,
    tags: g.n,
    extraInfo: e.n,
  };
}
