import { and, desc, eq } from 'drizzle-orm';
import type { HookedTx } from '../../http/context';
import { type ConnectionRow, type ContactRow, isActiveTicketStatus, type TicketRow, tickets } from '../../db/schema';

/** The ticket's fields the caller may set: the agent it belongs to and its queue. */
export interface TicketChoice {
  userId: number | null;
  queueId: number | null;
}

async function activeTicket(tx: HookedTx, contactId: number, connectionId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId), isActiveTicketStatus(tickets.status)))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row;
}

/**
 * The contact's active ticket on the connection, or a new one: open for the given agent, pending
 * otherwise. A given agent or queue is applied to an existing ticket too. The one-active-ticket
 * index decides a race with an inbound message: the loser reads the winner's ticket.
 * Answers the ticket before (null when new) and after, for the ticket events.
 */
export async function findOrOpenTicket(
  tx: HookedTx,
  connection: ConnectionRow,
  contact: ContactRow,
  choice: TicketChoice,
): Promise<{ before: TicketRow | null; after: TicketRow; created: boolean }> {
  let before = await activeTicket(tx, contact.id, connection.id);
  if (!before) {
    const [inserted] = await tx
      .insert(tickets)
      .values({
        companyId: connection.companyId,
        contactId: contact.id,
        connectionId: connection.id,
        queueId: choice.queueId,
        userId: choice.userId,
        status: choice.userId ? 'open' : 'pending',
        channel: connection.channel,
        isGroup: false,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { before: null, after: inserted, created: true };
    before = await activeTicket(tx, contact.id, connection.id);
    if (!before) throw new Error('active ticket vanished');
  }
  const changes: Partial<TicketRow> = {};
  if (choice.queueId && choice.queueId !== before.queueId) changes.queueId = choice.queueId;
  if (choice.userId && (choice.userId !== before.userId || before.status === 'pending')) {
    changes.userId = choice.userId;
    if (before.status === 'pending') changes.status = 'open';
  }
  if (Object.keys(changes).length === 0) return { before, after: before, created: false };
  const [after] = await tx
    .update(tickets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tickets.id, before.id))
    .returning();
  return { before, after, created: false };
}
