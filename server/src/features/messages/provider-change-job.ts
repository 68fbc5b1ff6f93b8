import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SessionElsewhere } from '../../channels/types';
import { contacts, messages } from '../../db/schema';
import { defineJob, type JobDeps } from '../../jobs/define';
import { publishMessage } from './announce';

/**
 * Tells the network about an agent's edit or delete of a sent message (POST /messages/edit/:id,
 * DELETE /messages/:id). Like a send, it needs the connection's live session, so it runs where that
 * session is: a node that does not hold it passes the job to the holder's own queue instead of
 * acting on a session it does not have. The product's copy is the truth (written before this job),
 * so a provider that cannot apply the change leaves it local and the failure is logged, not retried:
 * an edit arriving on the phone minutes later would surprise the customer more than a missing one.
 * The edit sends the message's current text, so a repeated or late run never restores an older one.
 */
export const providerChangeJob = defineJob({
  name: 'message.provider-change',
  payload: z.object({ messageId: z.number().int().positive(), change: z.enum(['edit', 'delete']) }),
  retry: { limit: 3, backoffSeconds: 5 },
  nodeQueue: true,
  async run(payload, deps) {
    await applyProviderChange(deps, payload);
  },
});

/**
 * WhatsApp deletes a message for everyone only for about two days after it was sent (60 hours): an
 * older one is never asked for, it is marked at once.
 */
export const DELETE_FOR_EVERYONE_MS = 60 * 3600_000;

/**
 * A delete the network refused (too old, the channel cannot delete, or its error) is marked on the
 * message (`sendError` ERR_DELETE_WAPP_MSG; a deleted message is never sent again) and announced, so the
 * agent sees at once that the customer still has it.
 */
async function markDeleteRefused(deps: JobDeps, messageId: number): Promise<void> {
  const [row] = await deps.db
    .update(messages)
    .set({ sendError: 'ERR_DELETE_WAPP_MSG', updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), eq(messages.isDeleted, true)))
    .returning({ id: messages.id, companyId: messages.companyId, ticketId: messages.ticketId });
  if (row) await publishMessage(deps, row, 'update');
}

async function applyProviderChange(deps: JobDeps, payload: { messageId: number; change: 'edit' | 'delete' }): Promise<void> {
  const [message] = await deps.db
    .select({
      createdAt: messages.createdAt,
      externalId: messages.externalId,
      connectionId: messages.connectionId,
      isPrivate: messages.isPrivate,
      body: messages.body,
      number: contacts.number,
    })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(eq(messages.id, payload.messageId));
  if (!message?.externalId || !message.connectionId || message.isPrivate) return;
  const deleting = payload.change === 'delete';
  if (deleting && deps.clock.now().getTime() - message.createdAt.getTime() > DELETE_FOR_EVERYONE_MS) {
    await markDeleteRefused(deps, payload.messageId);
    return;
  }
  try {
    const provider = await deps.channels.providerFor(message.connectionId);
    if (!deleting) await provider.edit?.(message.externalId, message.number, message.body);
    else if (provider.delete) await provider.delete(message.externalId, message.number);
    else await markDeleteRefused(deps, payload.messageId);
  } catch (err) {
    if (err instanceof SessionElsewhere) {
      await providerChangeJob.send(deps.jobs, payload, { node: err.holder });
      return;
    }
    deps.log.warn(
      { err, messageId: payload.messageId, connectionId: message.connectionId },
      'provider could not apply the change; kept locally',
    );
    if (deleting) await markDeleteRefused(deps, payload.messageId);
  }
}
