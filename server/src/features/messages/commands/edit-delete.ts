import { MESSAGE_EDIT_WINDOW_MS, type MessageView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { type MessageRow, messages, type TicketRow } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import { findVisibleTicket } from '../../tickets';
import { presentOne } from '../presenter';
import { findCompanyMessage } from '../queries';
import { announceMessage } from '../announce';
import { providerChangeJob } from '../provider-change-job';

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
 * Tells the network after commit, through a job that runs on the node holding the connection's
 * session (provider-change-job.ts); stored with the change, so a crash right after the commit loses
 * nothing. Messages never sent to the network (notes, unsent ones) have nothing to tell.
 */
async function syncWithProvider(tx: HookedTx, ctx: RequestContext, message: MessageRow, change: 'edit' | 'delete') {
  if (!message.externalId || !message.connectionId || message.isPrivate) return;
  await providerChangeJob.send(ctx.jobs, { messageId: message.id, change }, { tx, runAfterCommit: true });
}

/** POST /messages/edit/:id: own messages, within MESSAGE_EDIT_WINDOW_MS of sending. */
export async function editMessage(ctx: RequestContext, id: number, body: string): Promise<MessageView> {
  const { message, ticket } = await ownMessage(ctx, id);
  const tooLate = Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS;
  if (tooLate || message.isDeleted || !EDITABLE_KINDS.includes(message.mediaType)) throw forbidden();
  const row = await ctx.transaction(async (tx) => {
    const [updated] = await tx.update(messages).set({ body, isEdited: true }).where(eq(messages.id, message.id)).returning();
    announceMessage(tx, ctx, updated, 'update');
    await syncWithProvider(tx, ctx, updated, 'edit');
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
    announceMessage(tx, ctx, updated, 'delete');
    await syncWithProvider(tx, ctx, updated, 'delete');
    return updated;
  });
  return presentOne(ctx.db, ticket, row);
}
