import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AckUpdate, DeleteUpdate, EditUpdate } from '../../channels/types';
import { type MessageRow, messages, tickets } from '../../db/schema';
import { type HookedTx, transactionRunner } from '../../http/context';
import { announceMessage, announceMessages, previewText, removeMedia } from '../messages';
import { getCompanySetting } from '../settings';
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
  announced: 'update' | 'delete' = 'update',
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
    announceMessage(tx, deps, changed, announced);
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

/**
 * applyAck for many acks a provider reports together: every message they name whose ack is behind
 * moves in one statement (to the furthest ack given for it) and is announced. An ack that moved
 * nothing there (its message not found by external id yet, or already further along) goes through
 * applyAck alone, which tells those cases apart. Resolves, per update, whether its message is known.
 */
export async function applyAcks(deps: InboundDeps, updates: AckUpdate[]): Promise<boolean[]> {
  if (updates.length < 2) return Promise.all(updates.map((u) => applyAck(deps, u)));
  const keyOf = (connectionId: number, externalId: string) => `${connectionId}:${externalId}`;
  const furthest = new Map<string, AckUpdate>();
  for (const u of updates) {
    const key = keyOf(u.connectionId, u.externalId);
    if ((furthest.get(key)?.ack ?? -1) < u.ack) furthest.set(key, u);
  }
  const values = sql.join(
    [...furthest.values()].map((u) => sql`(${u.connectionId}::int, ${u.externalId}::text, ${u.ack}::int)`),
    sql`, `,
  );
  const moved = await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    // What announcing needs comes back with the update: no second read.
    const result = await tx.execute<{ id: string; company_id: number; ticket_id: number; connection_id: number; external_id: string }>(sql`
      update messages m set ack = v.ack, updated_at = ${new Date().toISOString()}::timestamptz
      from (values ${values}) as v(connection_id, external_id, ack)
      where m.connection_id = v.connection_id and m.external_id = v.external_id and m.ack < v.ack
      returning m.id, m.company_id, m.ticket_id, m.connection_id, m.external_id`);
    announceMessages(
      tx,
      deps,
      result.rows.map((r) => ({ id: Number(r.id), companyId: Number(r.company_id), ticketId: Number(r.ticket_id) })),
      'update',
    );
    return new Set(result.rows.map((r) => keyOf(Number(r.connection_id), r.external_id)));
  });
  return Promise.all(updates.map((u) => (moved.has(keyOf(u.connectionId, u.externalId)) ? true : applyAck(deps, u))));
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
 * The sender deleted the message for everyone: it is marked deleted and the conversation shows
 * "apagada pelo contato" instead of it. What happens to its content is the company's lgpdDeleteMessage
 * setting ("Ofuscar mensagem apagada pelo contato"): off, the content is kept for the company's
 * records (audit, disputes); on, the customer's choice is honoured as LGPD asks: the text, the
 * media file and any structured content are erased for good, and the ticket's last-message preview
 * if it showed that text. Only the customer's own messages are erased: a company message deleted
 * from the phone is the company's record.
 */
export async function applyDelete(deps: InboundDeps, update: DeleteUpdate): Promise<void> {
  let erasedMedia: { companyId: number; mediaUrl: string } | null = null;
  await changeMessage(
    deps,
    update.connectionId,
    update.externalId,
    async (tx) => {
      const [row] = await tx
        .update(messages)
        .set({ isDeleted: true, updatedAt: new Date() })
        .where(and(byExternalId(update.connectionId, update.externalId), eq(messages.isDeleted, false)))
        .returning();
      if (!row || row.fromMe || (await getCompanySetting(tx, row.companyId, 'lgpdDeleteMessage')) !== 'enabled') return row;
      const erased = await eraseContent(tx, row);
      if (row.mediaUrl) erasedMedia = { companyId: row.companyId, mediaUrl: row.mediaUrl };
      return erased;
    },
    'delete',
  );
  const media = erasedMedia as { companyId: number; mediaUrl: string } | null;
  if (media) {
    await removeMedia(deps.config, media.companyId, media.mediaUrl).catch((err) =>
      deps.log.warn({ err, mediaUrl: media.mediaUrl }, 'media of a message deleted by the contact was not removed'),
    );
  }
}

/** Erases a deleted message's content (lgpdDeleteMessage) and the ticket preview that quoted it. */
async function eraseContent(tx: HookedTx, row: MessageRow): Promise<MessageRow> {
  const [erased] = await tx
    .update(messages)
    .set({ body: '', mediaUrl: null, mediaName: null, dataJson: null })
    .where(eq(messages.id, row.id))
    .returning();
  if (row.body || row.mediaName) {
    await tx
      .update(tickets)
      .set({ lastMessage: '', lastMessageMediaName: null, lastMessageSeconds: null })
      .where(
        and(
          eq(tickets.id, row.ticketId),
          eq(tickets.lastMessage, previewText(row.mediaType, row.body)),
          eq(tickets.lastMessageType, row.mediaType),
        ),
      );
  }
  return erased;
}
