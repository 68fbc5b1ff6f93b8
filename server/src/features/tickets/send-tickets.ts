import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type ConnectionRow, type ContactRow, isActiveTicketStatus, type TicketRow, tickets } from '../../db/schema';
import { insertRows } from '../../db/insert-rows';
import type { HookedTx, RequestContext } from '../../http/context';
import { emitTicketChanges } from './events';
import { addManyTicketLogs } from './history';
import type { LogEntry } from './history';
import { inIds } from './queries/ids';
import type { SendTicket, SendTicketOptions } from './send-ticket';

/** An open ticket needs its agent: without one it waits in the queue; "pending" waits even with one (as send-ticket.ts). */
const wantsOpen = (o: SendTicketOptions) => Boolean(o.ticketUserId) && o.statusTicket !== 'pending';

/** Each contact's newest ticket on the connection (active ones only, or any), in one query. */
async function newestTickets(tx: HookedTx, contactIds: number[], connectionId: number, activeOnly: boolean) {
  if (contactIds.length === 0) return new Map<number, TicketRow>();
  const where: SQL[] = [inIds(tickets.contactId, contactIds), eq(tickets.connectionId, connectionId)];
  if (activeOnly) where.push(isActiveTicketStatus(tickets.status));
  const rows = await tx
    .selectDistinctOn([tickets.contactId])
    .from(tickets)
    .where(and(...where))
    .orderBy(tickets.contactId, desc(tickets.id));
  return new Map(rows.map((r) => [r.contactId, r]));
}

/**
 * ticketForSend (send-ticket.ts) for many contacts of one send at once (a campaign step), with the same
 * outcome per contact in a handful of statements whatever their number: one read of the tickets they
 * have, one insert of the missing ones (ON CONFLICT DO NOTHING: the one-active-ticket index decides a
 * race with an inbound message, and the losers read the winners' tickets in one more query), and with
 * openTicket enabled one update that gives the existing tickets the agent, queue and status. Answers
 * each contact's SendTicket by contact id.
 */
export async function ticketsForSend(
  tx: HookedTx,
  o: SendTicketOptions,
  contacts: ContactRow[],
  connection: ConnectionRow,
): Promise<Map<number, SendTicket>> {
  const contactIds = [...new Set(contacts.map((c) => c.id))];
  const open = o.openTicket === 'enabled';
  const sends = new Map<number, SendTicket>();
  const found = await newestTickets(tx, contactIds, connection.id, open);

  // By contact id: concurrent batches meet on the one-active-ticket index in the same order, never deadlocked.
  const missing = contactIds.filter((id) => !found.has(id)).sort((a, b) => a - b);
  if (missing.length > 0) {
    const base = {
      companyId: o.companyId,
      connectionId: connection.id,
      channel: connection.channel,
      isGroup: false,
      userId: o.ticketUserId,
    };
    const status: TicketRow['status'] = !open ? 'closed' : wantsOpen(o) ? 'open' : 'pending';
    const created = await insertRows(
      tx,
      tickets,
      missing.map((contactId) => ({ ...base, contactId, status, queueId: o.queueId })),
      { onConflict: { doNothing: true } },
    );
    for (const ticket of created) {
      const logs: LogEntry[] = [{ type: 'create', userId: o.actorId, queueId: ticket.queueId }];
      if (ticket.status === 'closed') logs.push({ type: 'closed', userId: o.actorId, queueId: ticket.queueId });
      sends.set(ticket.contactId, { before: null, ticket, logs });
    }
    const lost = missing.filter((id) => !sends.has(id));
    for (const [contactId, ticket] of await newestTickets(tx, lost, connection.id, true)) found.set(contactId, ticket);
    if (lost.some((id) => !found.has(id))) throw new Error('active ticket vanished');
  }

  // What each existing ticket needs (as ticketForSend): the campaign's queue, and its agent with status open.
  const toQueue: number[] = [];
  const toAgent: number[] = [];
  for (const ticket of found.values()) {
    if (!open) continue;
    if (o.queueId && o.queueId !== ticket.queueId) toQueue.push(ticket.id);
    if (wantsOpen(o) && (o.ticketUserId !== ticket.userId || ticket.status === 'pending')) toAgent.push(ticket.id);
  }
  const changed = new Map<number, TicketRow>();
  const touched = [...new Set([...toQueue, ...toAgent])];
  if (touched.length > 0) {
    const rows = await tx
      .update(tickets)
      .set({
        queueId: toQueue.length
          ? sql`case when ${inIds(tickets.id, toQueue)} then ${o.queueId}::int else ${tickets.queueId} end`
          : undefined,
        userId: toAgent.length
          ? sql`case when ${inIds(tickets.id, toAgent)} then ${o.ticketUserId}::int else ${tickets.userId} end`
          : undefined,
        status: toAgent.length ? sql`case when ${inIds(tickets.id, toAgent)} then 'open' else ${tickets.status} end` : undefined,
        updatedAt: new Date(),
      })
      .where(inIds(tickets.id, touched))
      .returning();
    for (const row of rows) changed.set(row.id, row);
  }
  const agentGiven = new Set(toAgent);
  for (const before of found.values()) {
    const after = changed.get(before.id);
    if (!after) sends.set(before.contactId, { before, ticket: before, logs: [] });
    else
      sends.set(before.contactId, {
        before,
        ticket: after,
        logs: agentGiven.has(before.id) ? [{ type: 'open', userId: after.userId, queueId: after.queueId }] : [],
      });
  }
  return sends;
}

/** closeAfterSend for many sends in one statement: statusTicket "closed" closes each ticket once its message is recorded. */
export async function closeAfterSends(tx: HookedTx, o: SendTicketOptions, sends: SendTicket[]): Promise<SendTicket[]> {
  if (o.openTicket !== 'enabled' || o.statusTicket !== 'closed') return sends;
  const ids = [...new Set(sends.filter((s) => s.ticket.status !== 'closed').map((s) => s.ticket.id))];
  if (ids.length === 0) return sends;
  const closed = new Map(
    (await tx.update(tickets).set({ status: 'closed', updatedAt: new Date() }).where(inIds(tickets.id, ids)).returning()).map((r) => [
      r.id,
      r,
    ]),
  );
  return sends.map((s) => {
    const ticket = closed.get(s.ticket.id);
    if (!ticket || s.ticket.status === 'closed') return s;
    return { ...s, ticket, logs: [...s.logs, { type: 'closed', userId: o.actorId, queueId: ticket.queueId }] };
  });
}

/**
 * What follows the messages of sends recorded in their tickets (ticketsForSend): statusTicket "closed"
 * closes the tickets (closeAfterSends), the sends' timeline entries are written in one insert, and
 * each ticket that changed is announced after the commit.
 */
export async function settleSends(
  tx: HookedTx,
  ctx: Pick<RequestContext, 'db' | 'companyId' | 'realtime'>,
  o: SendTicketOptions,
  sends: SendTicket[],
): Promise<void> {
  const closed = await closeAfterSends(tx, o, sends);
  await addManyTicketLogs(
    tx,
    closed.map((s) => ({ ticket: s.ticket, entries: s.logs })),
  );
  emitTicketChanges(
    tx,
    ctx,
    closed.filter((s) => s.ticket !== s.before).map((s) => ({ before: s.before, after: s.ticket })),
  );
}
