import type { TicketRow } from '../../db/schema';
import type { HookedTx, RequestContext } from '../../http/context';
import { createOutboundMessage } from './service';
import { fillMessageVariables } from './variables';

/**
 * An automatic text of a ticket transition (greeting on accept, farewell, rating request, transfer
 * message), sent as the acting agent in the transition's transaction: the message row and its send
 * job commit together with the status change. Message variables ({{name}}, …) are filled in. The
 * tickets feature gets this function from the composition root (ticketRoutes), never by import.
 */
export async function sendTicketText(tx: HookedTx, ctx: RequestContext, ticket: TicketRow, text: string): Promise<void> {
  const body = await fillMessageVariables(tx, ticket, ctx.user.name, text);
  await createOutboundMessage(tx, ctx, { ticket, body, userId: ctx.actor.id });
}
