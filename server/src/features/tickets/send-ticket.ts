import { and, desc, eq } from 'drizzle-orm';
import { type ConnectionRow, type ContactRow, isActiveTicketStatus, type TicketRow, tickets } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { LogEntry } from './history';

/**
 * The ticket options of a send the company starts itself (a schedule, a campaign): spec 1 §3 Schedule
 * and spec 3 §3 Campaign (openTicket, statusTicket, the agent and the queue).
 */
export interface SendTicketOptions {
  companyId: number;
  openTicket: 'enabled' | 'disabled';
  /** How the ticket is left: open (with the agent), pending (waiting in the queue) or closed after the send. */
  statusTicket: 'open' | 'pending' | 'closed';
  /** The agent the ticket is given to. */
  ticketUserId: number | null;
  queueId: number | null;
  /** Who the ticket's timeline names for what the send did (the schedule's author; null for a campaign). */
  actorId: number | null;
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

/** An open ticket needs its agent: without one it waits in the queue; "pending" waits even with one. */
const wantsOpen = (o: SendTicketOptions) => Boolean(o.ticketUserId) && o.statusTicket !== 'pending';

/**
 * Where a send the company starts is recorded, so it shows in the ticket's history:
 * - openTicket enabled: the contact's active ticket on the connection, or a new one, given to
 *   ticketUserId (open) or left pending, in queueId; statusTicket "closed" closes it after the send
 *   (closeAfterSend), "pending" leaves a new ticket waiting even with an agent chosen.
 * - disabled: the active ticket when there is one, else the newest closed one, untouched; with none, a
 *   new ticket made closed. The message is in the contact's history without putting a conversation in
 *   anyone's queue, and a recurring reminder keeps adding to the same ticket.
 * The one-active-ticket index decides a race with an inbound message: the loser reads the winner's ticket.
 */
export async function ticketForSend(
  tx: HookedTx,
  o: SendTicketOptions,
  contact: ContactRow,
  connection: ConnectionRow,
): Promise<SendTicket> {
  const base = { companyId: o.companyId, contactId: contact.id, connectionId: connection.id, channel: connection.channel, isGroup: false };
  const open = o.openTicket === 'enabled';
  let before = (await (open ? activeTicket : latestTicket)(tx, contact.id, connection.id)) ?? null;
  if (!before) {
    const created = open
      ? await insertTicket(tx, { ...base, status: wantsOpen(o) ? 'open' : 'pending', userId: o.ticketUserId, queueId: o.queueId })
      : await insertTicket(tx, { ...base, status: 'closed', userId: o.ticketUserId, queueId: o.queueId });
    if (created) {
      const logs: LogEntry[] = [{ type: 'create', userId: o.actorId, queueId: created.queueId }];
      if (created.status === 'closed') logs.push({ type: 'closed', userId: o.actorId, queueId: created.queueId });
      return { before: null, ticket: created, logs };
    }
    before = (await activeTicket(tx, contact.id, connection.id)) ?? null;
    if (!before) throw new Error('active ticket vanished');
  }
  if (!open) return { before, ticket: before, logs: [] };
  const changes: Partial<TicketRow> = {};
  if (o.queueId && o.queueId !== before.queueId) changes.queueId = o.queueId;
  if (wantsOpen(o) && (o.ticketUserId !== before.userId || before.status === 'pending')) {
    changes.userId = o.ticketUserId;
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
export async function closeAfterSend(tx: HookedTx, o: SendTicketOptions, sent: SendTicket): Promise<SendTicket> {
  if (o.openTicket !== 'enabled' || o.statusTicket !== 'closed' || sent.ticket.status === 'closed') return sent;
  const [closed] = await tx
    .update(tickets)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(eq(tickets.id, sent.ticket.id))
    .returning();
  return { ...sent, ticket: closed, logs: [...sent.logs, { type: 'closed', userId: o.actorId, queueId: closed.queueId }] };
}
