import { and, eq } from 'drizzle-orm';
import { type ContactRow, connections, isActiveTicketStatus, type TicketRow, tickets } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { addTicketLogs, emitTicketChange, startTracking } from '../../tickets';

/** The source's connection, else the company's default one. */
async function connectionFor(tx: HookedTx, companyId: number, connectionId: number | null) {
  const where = connectionId ? eq(connections.id, connectionId) : eq(connections.isDefault, true);
  const [row] = await tx
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, companyId), where))
    .limit(1);
  if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 400);
  return row;
}

/**
 * The contact's active ticket on the connection, or a new one open for the caller (no queue: the
 * caller owns it, so it is visible to them). The partial unique index (one active ticket per
 * contact and connection) settles a race with an inbound message: the insert that loses reads the
 * winner's ticket. Logs, report tracking and list events go through the tickets feature.
 */
export async function openTicketFor(
  tx: HookedTx,
  ctx: RequestContext,
  contact: ContactRow,
  connectionId: number | null,
): Promise<TicketRow> {
  const connection = await connectionFor(tx, ctx.companyId, connectionId);
  const active = () =>
    tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, ctx.companyId),
          eq(tickets.contactId, contact.id),
          eq(tickets.connectionId, connection.id),
          isActiveTicketStatus(tickets.status),
        ),
      )
      .limit(1);
  const [existing] = await active();
  if (existing) return existing;
  const now = new Date();
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: ctx.companyId,
      contactId: contact.id,
      connectionId: connection.id,
      userId: ctx.user.id,
      status: contact.isGroup ? 'group' : 'open',
      isGroup: contact.isGroup,
      channel: connection.channel,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [winner] = await active();
    if (!winner) throw new AppError('ERR_CREATING_TICKET', 409);
    return winner;
  }
  await addTicketLogs(tx, created, [{ type: 'create', userId: ctx.user.id, queueId: null }]);
  await startTracking(tx, created, now);
  emitTicketChange(tx, ctx, null, created);
  return created;
}
