import { and, desc, eq } from 'drizzle-orm';
import { type ConnectionRow, type ContactRow, isActiveTicketStatus, type ScheduleRow, type TicketRow, tickets } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { LogEntry } from '../tickets';

async function activeTicket(tx: HookedTx, contactId: number, connectionId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId), isActiveTicketStatus(tickets.status)))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row;
}

/** The contact's newest ticket on the connection, whatever its status. */
async function latestTicket(tx: HookedTx, contactId: number, connectionId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId)))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row;
}

async function insertTicket(tx: HookedTx, values: typeof tickets.$inferInsert): Promise<TicketRow | undefined> {
  const [row] = await tx.insert(tickets).values(values).onConflictDoNothing().returning();
  return row;
}

/** The ticket a send goes into, the ticket as it was (null when new), and what to log. */
export interface SendTicket {
  before: TicketRow | null;
  ticket: TicketRow;
  logs: LogEntry[];
}

/**
 * Where a scheduled send is recorded, so it shows in the ticket's history (spec 1 §3 Schedule options):
 * - openTicket enabled: the contact's active ticket on the connection, or a new one, given to
 *   ticketUserId (open) or left pending, in queueId; statusTicket "closed" closes it after the send.
 * - disabled: the active ticket when there is one, else the newest closed one, untouched; with none, a
 *   new ticket made closed. The message is in the contact's history without putting a conversation in
 *   anyone's queue, and a recurring reminder keeps adding to the same ticket.
 * The one-active-ticket index decides a race with an inbound message: the loser reads the winner's ticket.
 */
export async function ticketForSend(tx: HookedTx, s: ScheduleRow, contact: ContactRow, connection: ConnectionRow): Promise<SendTicket> {
  const base = { companyId: s.companyId, contactId: contact.id, connectionId: connection.id, channel: connection.channel, isGroup: false };
  const open = s.openTicket === 'enabled';
  let before = (await (open ? activeTicket : latestTicket)(tx, contact.id, connection.id)) ?? null;
  if (!before) {
    const created = open
      ? await insertTicket(tx, { ...base, status: s.ticketUserId ? 'open' : 'pending', userId: s.ticketUserId, queueId: s.queueId })
      : await insertTicket(tx, { ...base, status: 'closed', userId: s.ticketUserId, queueId: s.queueId });
    if (created) {
      const logs: LogEntry[] = [{ type: 'create', userId: s.userId, queueId: created.queueId }];
      if (created.status === 'closed') logs.push({ type: 'closed', userId: s.userId, queueId: created.queueId });
      return { before: null, ticket: created, logs };
    }
    before = (await activeTicket(tx, contact.id, connection.id)) ?? null;
    if (!before) throw new Error('active ticket vanished');
  }
  if (!open) return { before, ticket: before, logs: [] };
  const changes: Partial<TicketRow> = {};
  if (s.queueId && s.queueId !== before.queueId) changes.queueId = s.queueId;
  if (s.ticketUserId && (s.ticketUserId !== before.userId || before.status === 'pending')) {
    changes.userId = s.ticketUserId;
    changes.status = 'open';
  }
  if (Object.keys(changes).length === 0) return { before, ticket: before, logs: [] };
  const [after] = await tx
    .update(tickets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tickets.id, before.id))
    .returning();
  return { before, ticket: after, logs: changes.status === 'open' ? [{ type: 'open', userId: after.userId, queueId: after.queueId }] : [] };
}

/** statusTicket "closed" with openTicket enabled: the ticket is closed once the message is recorded. */
export async function closeAfterSend(tx: HookedTx, s: ScheduleRow, sent: SendTicket): Promise<SendTicket> {
  if (s.openTicket !== 'enabled' || s.statusTicket !== 'closed' || sent.ticket.status === 'closed') return sent;
  const [closed] = await tx
    .update(tickets)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(eq(tickets.id, sent.ticket.id))
    .returning();
  return { ...sent, ticket: closed, logs: [...sent.logs, { type: 'closed', userId: s.userId, queueId: closed.queueId }] };
}
