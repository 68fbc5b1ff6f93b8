import type { MessageView, SendMessageInput } from '@chatflow/contract';
import { ZodError } from 'zod';
import type { TicketRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { assertWritable, composeText } from '../compose';
import { assertCustomerWindow } from '../customer-window';
import { presentOne } from '../presenter';
import { messageInTicket } from '../queries';
import { createOutboundMessage } from '../service';

/** A contact card as WhatsApp reads it (vCard 3.0, with the waid the app uses to link the chat). */
export function buildVCard(name: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  const safeName = name.replace(/[\r\n;]/g, ' ').trim();
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${safeName};;;`, `FN:${safeName}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join(
    '\n',
  );
}

/** A quoted reply may only quote a message of the same conversation. */
export async function assertQuotable(ctx: RequestContext, ticket: TicketRow, quotedMsgId: number | undefined) {
  if (quotedMsgId === undefined) return;
  if (!(await messageInTicket(ctx.db, ticket.id, quotedMsgId))) {
    throw new ZodError([{ code: 'custom', path: ['quotedMsg', 'id'], message: 'validation.invalid', input: quotedMsgId }]);
  }
}

/** POST /messages/:ticketId as JSON: a text (private or not, quoting or not) or a contact card. */
export async function sendTextMessage(ctx: RequestContext, ticket: TicketRow, input: SendMessageInput): Promise<MessageView> {
  assertWritable(ticket);
  const quotedMsgId = input.quotedMsg?.id;
  await assertQuotable(ctx, ticket, quotedMsgId);
  const isPrivate = input.isPrivate;
  if (!isPrivate) await assertCustomerWindow(ctx.db, ticket);
  const content = input.vCard
    ? { body: buildVCard(input.vCard.name, input.vCard.number), mediaType: 'contactMessage', mediaName: input.vCard.name }
    : {
        body: await composeText(ctx.db, ticket, ctx.user, input.body, { isPrivate, signMessage: input.signMessage }),
        mediaType: 'conversation',
        mediaName: null,
      };
  const row = await ctx.transaction((tx) =>
    createOutboundMessage(tx, ctx, {
      ticket,
      userId: ctx.user.id,
      ...content,
      isPrivate,
      quotedMsgId: quotedMsgId ?? null,
    }),
  );
  return presentOne(ctx.db, ticket, row);
}
