import { and, desc, eq, lte } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';

/** The ticket's last `limit` messages up to `upToId`, oldest first (deleted ones and notes left out). */
export async function conversationHistory(db: DbOrTx, ticketId: number, upToId: number, limit: number) {
  const rows = await db
    .select({
      id: messages.id,
      fromMe: messages.fromMe,
      body: messages.body,
      mediaType: messages.mediaType,
      isDeleted: messages.isDeleted,
      isPrivate: messages.isPrivate,
    })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), lte(messages.id, upToId)))
    // The conversation's order, which messages_ticket_idx (ticket, createdAt, id) gives backwards from the
    // newest; `order by id desc` made PostgreSQL walk the primary key through every other ticket's messages.
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.filter((r) => !r.isDeleted && !r.isPrivate).reverse();
}
