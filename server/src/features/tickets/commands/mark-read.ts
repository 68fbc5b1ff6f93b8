import { and, eq, gt, sql } from 'drizzle-orm';
import { messages, type TicketRow, tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { ticketAudience } from '../../../realtime/emit';

/**
 * The agent has read the ticket: its unread counter goes to 0 and the contact's messages are marked
 * read; lists hear {action:'updateUnread', ticketId} (spec 1 §4.1). Reading does not move the
 * ticket in the lists, so updatedAt is kept. Nothing is sent when there was nothing unread.
 * Used by POST /tickets/{id}/read and by the messages feature when a conversation is opened.
 */
export async function markTicketRead(
  ctx: Pick<RequestContext, 'companyId' | 'realtime' | 'transaction'>,
  ticket: TicketRow,
): Promise<void> {
  await ctx.transaction(async (tx) => {
    const read = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false), eq(messages.fromMe, false)))
      .returning({ id: messages.id });
    // updatedAt set to itself: without it the column's onUpdate would bump it (and a message arriving
    // meanwhile must keep the time it set).
    const [reset] = await tx
      .update(tickets)
      .set({ unreadMessages: 0, updatedAt: sql`${tickets.updatedAt}` })
      .where(and(eq(tickets.id, ticket.id), gt(tickets.unreadMessages, 0)))
      .returning({ id: tickets.id });
    if (read.length === 0 && !reset) return;
    tx.afterCommit(() =>
      ctx.realtime.toRoom(ctx.companyId, ticketAudience(ticket), 'ticket', { action: 'updateUnread', ticketId: ticket.id }),
    );
  });
}
