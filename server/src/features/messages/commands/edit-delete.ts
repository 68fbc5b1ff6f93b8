import { MESSAGE_EDIT_WINDOW_MS, type MessageView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { contacts, type MessageRow, messages, type TicketRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import { findVisibleTicket } from '../../tickets';
import { presentOne } from '../presenter';
import { findCompanyMessage } from '../queries';
import { announceMessage } from '../announce';

/** Kinds whose text an agent may rewrite: plain texts and media captions. */
const EDITABLE_KINDS: readonly string[] = ['conversation', 'extendedTextMessage', 'chat', 'image', 'video', 'document', 'application'];

/** Only what the caller sent: fromMe and by this user (spec 1 §4.2). */
async function ownMessage(ctx: RequestContext, id: number): Promise<{ message: MessageRow; ticket: TicketRow }> {
  const message = await findCompanyMessage(ctx.db, ctx.companyId, id);
  const ticket = await findVisibleTicket(ctx, message.ticketId);
  if (!message.fromMe || message.userId !== ctx.user.id) throw forbidden();
  return { message, ticket };
}

/**
 * Tells the provider after commit; the product's copy is the truth, so a provider that cannot
 * edit or delete (or fails) leaves the change local and is logged.
 */
function syncWithProvider(ctx: RequestContext, message: MessageRow, action: (to: string) => Promise<void> | undefined) {
  if (!message.externalId || !message.connectionId || message.isPrivate) return;
  const connectionId = message.connectionId;
  return async () => {
    try {
      const [contact] = await ctx.db
        .select({ number: contacts.number })
        .from(contacts)
        .where(eq(contacts.id, message.contactId ?? -1));
      if (contact) await action(contact.number);
    } catch (err) {
      ctx.log.warn({ err, messageId: message.id, connectionId }, 'provider could not apply the change; kept locally');
    }
  };
}

/** POST /messages/edit/:id: own messages, within MESSAGE_EDIT_WINDOW_MS of sending. */
export async function editMessage(ctx: RequestContext, id: number, body: string): Promise<MessageView> {
  const { message, ticket } = await ownMessage(ctx, id);
  const tooLate = Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS;
  if (tooLate || message.isDeleted || !EDITABLE_KINDS.includes(message.mediaType)) throw forbidden();
  const row = await ctx.transaction(async (tx) => {
    const [updated] = await tx.update(messages).set({ body, isEdited: true }).where(eq(messages.id, message.id)).returning();
    announceMessage(tx, ctx, updated, 'update');
    const sync = syncWithProvider(ctx, updated, async (to) => {
      const provider = await ctx.channels.providerFor(updated.connectionId as number);
      if (provider.edit) await provider.edit(updated.externalId as string, to, body);
    });
    if (sync) tx.afterCommit(sync);
    return updated;
  });
  return presentOne(ctx.db, ticket, row);
}

/** DELETE /messages/:id: own messages; the row stays, marked deleted ("Essa mensagem foi apagada"). */
export async function deleteMessage(ctx: RequestContext, id: number): Promise<MessageView> {
  const { message, ticket } = await ownMessage(ctx, id);
  if (message.isDeleted) return presentOne(ctx.db, ticket, message);
  const row = await ctx.transaction(async (tx) => {
    const [updated] = await tx.update(messages).set({ isDeleted: true }).where(eq(messages.id, message.id)).returning();
    announceMessage(tx, ctx, updated, 'update');
    const sync = syncWithProvider(ctx, updated, async (to) => {
      const provider = await ctx.channels.providerFor(updated.connectionId as number);
      if (provider.delete) await provider.delete(updated.externalId as string, to);
    });
    if (sync) tx.afterCommit(sync);
    return updated;
  });
  return presentOne(ctx.db, ticket, row);
}
