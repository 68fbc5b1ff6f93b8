import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { ticketTags, tickets } from '../../../db/schema';

/**
 * The tags filter: tickets carrying every one of the tags (the filter narrows as tags are added), as
 * a subquery PostgreSQL plans as a whole: walking the list it probes ticket_tags' primary key per
 * ticket, and with a narrow filter beside it (the admin's users) it hashes the tag's tickets and
 * joins. A list of ids instead made every query that carried a popular tag expensive to plan.
 */
export function withAllTags(db: DbOrTx, tagIds: readonly number[]): SQL | undefined {
  const tags = [...new Set(tagIds)];
  if (tags.length === 0) return undefined;
  const tagged =
    tags.length === 1
      ? db.select({ ticketId: ticketTags.ticketId }).from(ticketTags).where(eq(ticketTags.tagId, tags[0]))
      : // Several tags must all be on a ticket.
        db
          .select({ ticketId: ticketTags.ticketId })
          .from(ticketTags)
          .where(inArray(ticketTags.tagId, tags))
          .groupBy(ticketTags.ticketId)
          .having(eq(count(), tags.length));
  return inArray(tickets.id, tagged);
}
