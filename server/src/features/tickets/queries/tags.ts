import { and, count, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { ticketTags, tickets } from '../../../db/schema';
import { inIds } from './ids';

/** Up to this many tagged tickets travel as a list of ids; a tag on more stays a per-ticket test. */
const TAGGED_IDS_MAX = 50_000;

/**
 * The tags filter: tickets carrying every one of the tags (the filter narrows as tags are added). The
 * tagged tickets are read first (the tag index, a few pages) and passed as a list of ids, which the
 * list's walk tests with a hash; as a subquery per ticket, a tag on one ticket in a hundred costs a
 * probe of ticket_tags for each of the hundreds of tickets walked for a page.
 */
export async function withAllTags(db: DbOrTx, tagIds: readonly number[]): Promise<SQL | undefined> {
  const tags = [...new Set(tagIds)];
  if (tags.length === 0) return undefined;
  // One tag is its rows as they are; several must all be on a ticket (grouped, which costs a hash of every row).
  const tagged = tags.length === 1
    ? await db.select({ ticketId: ticketTags.ticketId }).from(ticketTags).where(eq(ticketTags.tagId, tags[0])).limit(TAGGED_IDS_MAX + 1)
    : await db.select({ ticketId: ticketTags.ticketId }).from(ticketTags)
      .where(inArray(ticketTags.tagId, tags)).groupBy(ticketTags.ticketId)
      .having(eq(count(), tags.length)).limit(TAGGED_IDS_MAX + 1);
  if (tagged.length <= TAGGED_IDS_MAX) return tagged.length > 0 ? inIds(tickets.id, tagged.map((r) => r.ticketId)) : sql`false`;
  return and(...tags.map((tagId) =>
    exists(db.select({ one: sql`1` }).from(ticketTags).where(and(eq(ticketTags.ticketId, tickets.id), eq(ticketTags.tagId, tagId))))));
}
