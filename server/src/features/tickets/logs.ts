import type { TicketLogView } from '@chatflow/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queues, type TicketRow, ticketLogs, users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { addTicketLogs } from './history';

/** GET /tickets-log/{ticketId}: the ticket's timeline, oldest first. */
export async function listTicketLogs(db: DbOrTx, ticketId: number): Promise<TicketLogView[]> {
  const rows = await db
    .select({
      id: ticketLogs.id,
      type: ticketLogs.type,
      createdAt: ticketLogs.createdAt,
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name },
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
    .where(eq(ticketLogs.ticketId, ticketId))
    .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Opening someone else's ticket (GET /tickets/u/{uuid}) is logged as 'access', so the timeline
 * shows who looked at a conversation; the owner opening their own ticket is not news. Repeated
 * opens by the same person in a row log once.
 */
export async function logAccess(ctx: Pick<RequestContext, 'db' | 'actor'>, ticket: TicketRow): Promise<void> {
  if (ticket.userId === ctx.actor.id) return;
  const [last] = await ctx.db
    .select({ type: ticketLogs.type, userId: ticketLogs.userId })
    .from(ticketLogs)
    .where(eq(ticketLogs.ticketId, ticket.id))
    .orderBy(desc(ticketLogs.createdAt), desc(ticketLogs.id))
    .limit(1);
  if (last?.type === 'access' && last.userId === ctx.actor.id) return;
  await addTicketLogs(ctx.db, ticket, [{ type: 'access', userId: ctx.actor.id, queueId: ticket.queueId }]);
}
