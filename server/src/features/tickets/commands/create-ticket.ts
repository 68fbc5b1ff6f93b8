import type { TicketCreateInput, TicketView } from '@chatflow/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { type ConnectionRow, connections, tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { activeTicketOf, isActiveTicketRace, otherOpenTicket } from '../conflict';
import { emitTicketChange } from '../events';
import { addTicketLogs, startTracking } from '../history';
import { loadTicketView } from '../loader';
import { assertQueueChoice, findCompanyContact } from '../rules';

type CreateData = z.output<typeof TicketCreateInput>;

/** The connection asked for, else the user's default connection, else the company's default. */
async function chooseConnection(db: DbOrTx, ctx: RequestContext, whatsappId: number | null): Promise<ConnectionRow> {
  const ofCompany = (id: number) =>
    db
      .select()
      .from(connections)
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)));
  if (whatsappId !== null) {
    const [row] = await ofCompany(whatsappId);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return row;
  }
  if (ctx.user.whatsappId) {
    const [row] = await ofCompany(ctx.user.whatsappId);
    if (row) return row;
  }
  const [fallback] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, ctx.companyId), eq(connections.isDefault, true)))
    .orderBy(desc(connections.id))
    .limit(1);
  if (!fallback) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 400);
  return fallback;
}

/**
 * POST /tickets (new-ticket modal): an open ticket of the caller for a contact of the company, in
 * the chosen queue (required once the company has queues) and connection. A contact with an active
 * ticket on that connection gets 409 with that ticket instead (also when two requests race: the
 * one-active-ticket index refuses the second).
 */
export async function createTicket(ctx: RequestContext, input: CreateData): Promise<TicketView> {
  let contactId = 0;
  let connectionId: number | null = null;
  try {
    const created = await ctx.transaction(async (tx) => {
      const contact = await findCompanyContact(tx, ctx.companyId, input.contactId);
      const connection = await chooseConnection(tx, ctx, input.whatsappId ?? null);
      contactId = contact.id;
      connectionId = connection.id;
      const queueId = input.queueId ?? null;
      await assertQueueChoice(tx, ctx.companyId, queueId);
      const other = await activeTicketOf(tx, ctx.companyId, contact.id, connection.id);
      if (other) throw otherOpenTicket(other);

      const attended = input.status === 'open';
      const now = new Date();
      const [ticket] = await tx
        .insert(tickets)
        .values({
          companyId: ctx.companyId,
          contactId: contact.id,
          connectionId: connection.id,
          queueId,
          userId: attended ? ctx.actor.id : null,
          status: attended ? (contact.isGroup ? 'group' : 'open') : 'pending',
          channel: connection.channel,
          isGroup: contact.isGroup,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addTicketLogs(tx, ticket, [{ type: 'create', userId: ctx.actor.id, queueId }]);
      await startTracking(tx, ticket, now);
      emitTicketChange(tx, ctx, null, ticket);
      return ticket;
    });
    return (await loadTicketView(ctx.db, ctx.companyId, created.id, ctx.actor)) as TicketView;
  } catch (err) {
    if (isActiveTicketRace(err)) {
      const other = await activeTicketOf(ctx.db, ctx.companyId, contactId, connectionId);
      if (other) throw otherOpenTicket(other);
    }
    throw err;
  }
}
