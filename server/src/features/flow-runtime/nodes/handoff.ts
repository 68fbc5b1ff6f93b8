import { and, eq } from 'drizzle-orm';
import { queues, ticketAutomations, tickets } from '../../../db/schema';
import { addTicketLogs, emitTicketChange } from '../../tickets';
import type { Outcome, StepContext } from '../step-context';

/**
 * The ticket leaves the bots: the chatbot menus do not start on it afterwards (its automation state is
 * done) and it waits for an agent, in `queueId` when given (and of the company), else where it is.
 */
export async function handToQueue(ctx: StepContext, queueId: number | null): Promise<void> {
  const { tx, ticket } = ctx;
  await tx
    .insert(ticketAutomations)
    .values({ ticketId: ticket.id, companyId: ticket.companyId, stage: 'done' })
    .onConflictDoUpdate({ target: ticketAutomations.ticketId, set: { stage: 'done', optionId: null, updatedAt: new Date() } });
  const [queue] =
    queueId === null
      ? []
      : await tx
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.companyId, ticket.companyId), eq(queues.id, queueId)));
  const target = queue?.id ?? ticket.queueId;
  if (target === ticket.queueId && !ticket.isBot) return;
  const [after] = await tx
    .update(tickets)
    .set({ queueId: target, isBot: false, updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  if (target !== ticket.queueId) await addTicketLogs(tx, after, [{ type: 'queue', userId: null, queueId: target }]);
  emitTicketChange(tx, { db: ctx.deps.db, companyId: ticket.companyId, realtime: ctx.deps.realtime }, ticket, after);
  ctx.ticket = after;
}

/** The queue a ticket node names: `id`, or `queue.id` / `data.id` as older drawings keep it. */
export function ticketNodeQueue(data: Record<string, unknown>): number | null {
  const candidates = [data.id, (data.queue as { id?: unknown } | undefined)?.id, (data.data as { id?: unknown } | undefined)?.id];
  const id = candidates.map(Number).find((n) => Number.isInteger(n) && n > 0);
  return id ?? null;
}

/** A ticket node: the ticket moves to the node's queue and the flow ends (the queue's chatbot does not restart it). */
export async function runTicket(ctx: StepContext): Promise<Outcome> {
  await handToQueue(ctx, ticketNodeQueue(ctx.node.data));
  return { kind: 'end', reason: 'ticket' };
}
