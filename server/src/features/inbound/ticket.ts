import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type ConnectionRow, type ContactRow, isActiveTicketStatus, ticketLogs, type TicketRow, tickets } from '../../db/schema';
import { RetryIngest } from './retry';

export interface InboundConnection extends ConnectionRow {
  queueIds: number[];
}

/**
 * A new ticket's status: a group is a 'group' ticket unless the connection treats groups as tickets
 * (groupAsTicket enabled), in which case it waits in 'pending' like a person's.
 */
function newTicketStatus(connection: InboundConnection, isGroup: boolean): TicketRow['status'] {
  return isGroup && connection.groupAsTicket !== 'enabled' ? 'group' : 'pending';
}

async function activeTicket(tx: Tx, contactId: number, connectionId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId), isActiveTicketStatus(tickets.status)))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row;
}

/**
 * The contact's open/pending/group ticket on this connection, or a new pending one. The partial
 * unique index tickets_one_active_per_contact allows one such ticket per contact and connection:
 * the insert uses ON CONFLICT DO NOTHING against it, so of two concurrent first messages one
 * creates the ticket and the other (after waiting for that commit) reads it. If the ticket was
 * closed in between, the attempt starts over (RetryIngest); a unique violation from any other
 * path is retried the same way by the caller.
 * A new ticket takes the connection's queue when it has exactly one, and gets a 'create' log entry.
 * A ticket opened by an import of old messages (`imported`) is marked so (POST /closedimported closes
 * those) and goes to the connection's import queue when it names one.
 */
export async function resolveTicket(
  tx: Tx,
  connection: InboundConnection,
  contact: ContactRow,
  isGroup: boolean,
  imported = false,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const existing = await activeTicket(tx, contact.id, connection.id);
  if (existing) return { ticket: existing, created: false };
  const ownQueue = connection.queueIds.length === 1 ? connection.queueIds[0] : null;
  const queueId = imported ? (connection.queueIdImportMessages ?? ownQueue) : ownQueue;
  const [inserted] = await tx
    .insert(tickets)
    .values({
      companyId: connection.companyId,
      contactId: contact.id,
      connectionId: connection.id,
      queueId,
      status: newTicketStatus(connection, isGroup),
      channel: connection.channel,
      isGroup,
      ...(imported ? { importedAt: new Date() } : {}),
    })
    .onConflictDoNothing({
      target: [tickets.contactId, tickets.connectionId],
      where: isActiveTicketStatus(sql.raw('status')),
    })
    .returning();
  if (inserted) {
    await tx.insert(ticketLogs).values({ companyId: connection.companyId, ticketId: inserted.id, queueId, type: 'create' });
    return { ticket: inserted, created: true };
  }
  const concurrent = await activeTicket(tx, contact.id, connection.id);
  if (!concurrent) throw new RetryIngest('active ticket closed meanwhile');
  return { ticket: concurrent, created: false };
}
