import type { MessageView, SendTemplateInput } from '@chatflow/contract';
import type { TicketRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { findConnectionTemplate, templateMessage } from '../../message-templates';
import { assertWritable } from '../compose';
import { presentOne } from '../presenter';
import { createOutboundMessage } from '../service';

/**
 * POST /messages/template/:ticketId: an approved template of the ticket's Cloud API connection with
 * its variables filled. It is the one message Meta accepts outside the 24-hour window, so no window
 * check; stored as a templateMessage (its text as WhatsApp shows it) and sent by the send job.
 */
export async function sendTemplateMessage(ctx: RequestContext, ticket: TicketRow, input: SendTemplateInput): Promise<MessageView> {
  assertWritable(ticket);
  if (ticket.channel !== 'whatsappapi' || ticket.connectionId === null) throw new AppError('ERR_TEMPLATES_UNAVAILABLE', 400);
  const template = await findConnectionTemplate(ctx.db, ctx.companyId, ticket.connectionId, input.templateId);
  if (!template) throw new AppError('ERR_TEMPLATE_NOT_SENDABLE', 400);
  const content = templateMessage(template, input);
  const row = await ctx.transaction((tx) => createOutboundMessage(tx, ctx, { ticket, userId: ctx.user.id, ...content }));
  return presentOne(ctx.db, ticket, row);
}
