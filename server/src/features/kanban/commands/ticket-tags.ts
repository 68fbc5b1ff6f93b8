import type { TicketView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { tags, ticketTags } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { emitTicketChange, findVisibleTicket, loadTicketView } from '../../tickets';
import { enterLane, leaveLanes } from './enter-lane';

/**
 * PUT /ticket-tags/:ticketId/:tagId. A plain tag is added to the ticket's tags; a kanban lane moves
 * the card there, out of the lane it was in, in one transaction (a board never sees it in two lanes
 * or in none). The ticket's audience hears it (the ticket event, with its tags); its place in the
 * lists does not move (updatedAt kept).
 */
export async function putTicketTag(ctx: RequestContext, ticketId: number, tagId: number): Promise<TicketView> {
  await ctx.transaction(async (tx) => {
    const ticket = await findVisibleTicket(ctx, ticketId, tx, true);
    const [tag] = await tx
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, tagId)));
    if (!tag) throw notFound();
    const changed =
      tag.kanban === 1
        ? await enterLane(tx, ctx, ticket, tag)
        : (await tx.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing().returning()).length > 0;
    if (changed) emitTicketChange(tx, ctx, ticket, ticket);
  });
  return (await loadTicketView(ctx.db, ctx.companyId, ticketId, ctx.actor)) as TicketView;
}

/**
 * DELETE /ticket-tags/:ticketId removes every tag of the ticket (the tags box puts back those that
 * stay); with kanban=1 only its lane, which moves the card to the default lane.
 */
export async function removeTicketTags(ctx: RequestContext, ticketId: number, lanesOnly: boolean): Promise<TicketView> {
  await ctx.transaction(async (tx) => {
    const ticket = await findVisibleTicket(ctx, ticketId, tx, true);
    if (lanesOnly) await leaveLanes(tx, ticket.id);
    else await tx.delete(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
    emitTicketChange(tx, ctx, ticket, ticket);
  });
  return (await loadTicketView(ctx.db, ctx.companyId, ticketId, ctx.actor)) as TicketView;
}
