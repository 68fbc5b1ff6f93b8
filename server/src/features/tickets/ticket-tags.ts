import type { TicketView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { tags, ticketTags } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { emitTicketChange } from './events';
import { findVisibleTicket } from './find';
import { loadTicketView } from './loader';

/**
 * Ticket tags (kanban lanes and the requiredTag rule): PUT adds one tag of the company, DELETE
 * removes all of the ticket's tags (the kanban moves a card as DELETE then PUT). The lists hear the
 * change; the ticket's place in them does not move (updatedAt kept).
 */
export async function changeTicketTags(ctx: RequestContext, ticketId: number, tagId: number | null): Promise<TicketView> {
  await ctx.transaction(async (tx) => {
    const ticket = await findVisibleTicket(ctx, ticketId, tx, true);
    if (tagId === null) {
      await tx.delete(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
    } else {
      const [tag] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, tagId)));
      if (!tag) throw new AppError('ERR_NOT_FOUND', 404);
      await tx.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
    }
    emitTicketChange(tx, ctx, ticket, ticket);
  });
  return (await loadTicketView(ctx.db, ctx.companyId, ticketId, ctx.actor)) as TicketView;
}
