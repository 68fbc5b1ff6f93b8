import type { ForwardMessageInput, ForwardResult } from '@chatflow/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { ZodError } from 'zod';
import { contacts, messages } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { findVisibleTicket } from '../../tickets';
import { forwardMessageJob } from '../jobs';
import { openTicketFor } from './forward-ticket';

/**
 * POST /message/forward: the contact's active ticket on the source's connection receives the
 * messages (a new open ticket for the caller when there is none). The forward job sends them one
 * by one, FORWARD_PAUSE_MS apart, in the order given.
 */
export async function forwardMessages(ctx: RequestContext, input: ForwardMessageInput): Promise<ForwardResult> {
  const ids = [...new Set(input.messageIds?.length ? input.messageIds : [input.messageId as number])];
  const sources = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), inArray(messages.id, ids)));
  if (sources.length !== ids.length) throw notFound();
  const byId = new Map(sources.map((m) => [m.id, m]));
  const ordered = ids.map((id) => byId.get(id)!);
  // The caller must see every conversation it forwards from.
  for (const ticketId of new Set(ordered.map((m) => m.ticketId))) await findVisibleTicket(ctx, ticketId);
  const unusable = ordered.findIndex((m) => m.isDeleted || m.isPrivate);
  if (unusable >= 0) {
    const path = input.messageIds?.length ? ['messageIds', unusable] : ['messageId'];
    throw new ZodError([{ code: 'custom', path, message: 'validation.invalid', input: ordered[unusable].id }]);
  }

  const [contact] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, input.contactId)));
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');

  return ctx.transaction(async (tx) => {
    const ticket = await openTicketFor(tx, ctx, contact, ordered[0].connectionId);
    // Written with the ticket: the forward happens exactly when the ticket it targets exists.
    await forwardMessageJob.send(
      ctx.jobs,
      { messageIds: ordered.map((m) => m.id), ticketId: ticket.id, userId: ctx.user.id, signMessage: input.signMessage },
      { tx },
    );
    return { ticketId: ticket.id, uuid: ticket.uuid, count: ordered.length };
  });
}
