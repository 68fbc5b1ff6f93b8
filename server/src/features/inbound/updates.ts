import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AckUpdate, DeleteUpdate, EditUpdate } from '../../channels/types';
import { type MessageRow, messages } from '../../db/schema';
import { type HookedTx, transactionRunner } from '../../http/context';
import { announceMessage } from '../messages';
import { messageIdOfSendKey } from '../outbound';
import type { InboundDeps } from './deps';
import { withoutNul } from '../../http/nul-characters';

const byExternalId = (connectionId: number, externalId: string) =>
  and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId));

/** Applies a change to the message with that external id and announces it; false when there is no such message. */
async function changeMessage(
  deps: InboundDeps,
  connectionId: number,
  externalId: string,
  change: (tx: HookedTx) => Promise<MessageRow | undefined>,
): Promise<boolean> {
  return transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const changed = await change(tx);
    if (!changed) {
      const [exists] = await tx.select({ id: messages.id }).from(messages).where(byExternalId(connectionId, externalId)).limit(1);
      return Boolean(exists);
    }
    announceMessage(tx, deps, changed, 'update');
    return true;
  });
}

/**
 * A provider's acknowledgement. Acks only move forward (0 clock → 1 sent → 2 delivered → 3 read →
 * 4/5 played): a late "delivered" after "read" changes nothing. An ack can beat the send job to the
 * database (the job stores the external id right after the provider answers); with the send key the
 * message is found anyway and gets its external id here. Resolves false when no message matches.
 */
export async function applyAck(deps: InboundDeps, update: AckUpdate): Promise<boolean> {
  const known = await changeMessage(deps, update.connectionId, update.externalId, async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ ack: update.ack, updatedAt: new Date() })
      .where(and(byExternalId(update.connectionId, update.externalId), lt(messages.ack, update.ack)))
      .returning();
    return row;
  });
  const messageId = messageIdOfSendKey(update.idempotencyKey);
  if (known || messageId === null) return known;
  return changeMessage(deps, update.connectionId, update.externalId, async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ externalId: update.externalId, ack: update.ack, updatedAt: new Date() })
      // The send job may have stored the id between the two attempts: then this is the plain update again.
      .where(
        and(
          eq(messages.id, messageId),
          eq(messages.connectionId, update.connectionId),
          eq(messages.fromMe, true),
          or(isNull(messages.externalId), eq(messages.externalId, update.externalId)),
          lt(messages.ack, update.ack),
        ),
      )
      .returning();
    return row;
  });
}

/** The sender edited the message: the new text replaces the body and the message is marked edited. */
export async function applyEdit(deps: InboundDeps, update: EditUpdate): Promise<void> {
  await changeMessage(deps, update.connectionId, update.externalId, async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ body: withoutNul(update.body), isEdited: true, updatedAt: new Date() })
      .where(byExternalId(update.connectionId, update.externalId))
      .returning();
    return row;
  });
}

/**
 * The sender deleted the message for everyone. It is marked deleted and its body is kept for the
 * company's records (audit, disputes); the conversation shows "apagada pelo contato" instead of it.
 */
export async function applyDelete(deps: InboundDeps, update: DeleteUpdate): Promise<void> {
  await changeMessage(deps, update.connectionId, update.externalId, async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(and(byExternalId(update.connectionId, update.externalId), eq(messages.isDeleted, false)))
      .returning();
    return row;
  });
}
