import { and, eq, sql } from 'drizzle-orm';
import type { InboundMessage, InboundResult } from '../../channels/types';
import type { Tx } from '../../db/client';
import { connections, messages, tickets } from '../../db/schema';
import { type HookedTx, transactionRunner } from '../../http/context';
import { upsertContact } from '../contacts';
import { announceMessage, previewColumns, publishMessage } from '../messages';
import { appendToActiveTicket } from './active-ticket';
import { openFirstTicket } from './first-message';
import type { InboundDeps } from './deps';
import { discardMedia, type StoredMedia, storeInboundMedia } from './media';
import { DuplicateInbound, isDuplicate, isRetryable } from './retry';
import { type InboundConnection, resolveTicket } from './ticket';
import { stripNul } from '../../http/nul-characters';

/** Attempts per message when concurrent messages of the same contact collide (each retry is a fresh transaction). */
const MAX_ATTEMPTS = 8;

/**
 * The connection with its queue ids, and whether the message is already stored, in one round trip.
 * The subqueries name their tables with aliases: in a single-table select drizzle writes columns
 * unqualified, and an unqualified "id" inside the messages subquery would be messages.id (a filter
 * no index serves, which compared the wrong columns).
 */
async function loadConnection(deps: InboundDeps, connectionId: number, externalId: string) {
  const [row] = await deps.db
    .select({
      connection: connections,
      queueIds: sql<number[]>`coalesce((select array_agg(cq.queue_id) from connection_queues cq
      where cq.connection_id = ${connectionId}), '{}')`,
      stored: sql<boolean>`exists(select 1 from messages m where m.connection_id = ${connectionId}
      and m.external_id = ${externalId})`,
    })
    .from(connections)
    .where(eq(connections.id, connectionId));
  if (!row) return null;
  return { connection: { ...row.connection, queueIds: row.queueIds.map(Number) } as InboundConnection, stored: row.stored };
}

async function quotedMessageId(tx: Tx, connectionId: number, externalId: string | undefined): Promise<number | null> {
  if (!externalId) return null;
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
    .limit(1);
  return row?.id ?? null;
}

/** One attempt, in one transaction: contact, ticket, message, ticket preview and unread count. */
async function ingestOnce(
  tx: HookedTx,
  deps: InboundDeps,
  connection: InboundConnection,
  msg: InboundMessage,
  media: StoredMedia | null,
): Promise<InboundResult> {
  const isGroup = Boolean(msg.isGroup);
  // One contact per company, channel and number, safe under concurrency (the contacts feature's rule).
  const { contact } = await upsertContact(
    tx,
    {
      companyId: connection.companyId,
      channel: connection.channel,
      number: msg.from,
      name: msg.name,
      isGroup,
      connectionId: connection.id,
    },
    { realtime: deps.realtime },
  );
  // A blocked contact is blocked on the channel itself: what it sends never reaches the inbox.
  if (!contact.active) return { status: 'ignored' };
  const { ticket, created } = await resolveTicket(tx, connection, contact, isGroup, Boolean(msg.historical));
  const kind = media?.mediaType ?? msg.mediaType;
  const fromMe = Boolean(msg.fromMe);
  const [message] = await tx
    .insert(messages)
    .values({
      companyId: connection.companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      connectionId: connection.id,
      queueId: ticket.queueId,
      externalId: msg.externalId,
      body: msg.body,
      fromMe,
      read: fromMe,
      mediaType: kind,
      mediaUrl: media?.mediaUrl ?? null,
      mediaName: media?.mediaName ?? null,
      ack: msg.ack ?? 0,
      quotedMsgId: await quotedMessageId(tx, connection.id, msg.quotedExternalId),
      dataJson: msg.dataJson ?? null,
      participant: msg.participant ?? null,
      ...(msg.timestamp ? { createdAt: msg.timestamp, updatedAt: msg.timestamp } : {}),
    })
    .onConflictDoNothing({ target: [messages.connectionId, messages.externalId] })
    .returning();
  // Stored by a concurrent delivery of the same message: undo this attempt's contact and ticket too.
  if (!message) throw new DuplicateInbound();
  const [updated] = await tx
    .update(tickets)
    .set({
      ...previewColumns(kind, msg.body, media?.senderName ?? null, media?.seconds ?? null),
      // A message the company sent from the phone itself is not unread.
      unreadMessages: fromMe ? sql`${tickets.unreadMessages}` : sql`${tickets.unreadMessages} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(tickets.id, ticket.id))
    .returning();
  announceMessage(tx, deps, message, 'create', { newTicket: created });
  if (!fromMe && !msg.historical) tx.afterCommit(() => deps.afterCustomerMessage?.({ messageId: message.id }));
  return { status: 'stored', messageId: message.id, ticketId: updated.id, contactId: contact.id };
}

/**
 * The two cases almost every message is, each in one statement: a known contact writing into its
 * open ticket, and a new number's first message. Null when the message is neither (a file, a group,
 * a contact to update, a closed ticket, a race with another message of the same number): the full
 * pipeline below handles those, and every case, the same way. Both write what the full pipeline
 * would write and announce it the same way, after the commit.
 */
export async function ingestCommonCase(deps: InboundDeps, msg: InboundMessage): Promise<InboundResult | null> {
  let firstMessage = false;
  let outcome: Awaited<ReturnType<typeof openFirstTicket>>;
  try {
    const appended = await appendToActiveTicket(deps.db, msg);
    firstMessage = appended?.status === 'unknown-contact';
    outcome = appended?.status === 'unknown-contact' ? await openFirstTicket(deps.db, msg) : appended;
  } catch (err) {
    // A deadlock, a serialization failure or a unique violation (a first message racing its own
    // redelivery) wrote nothing: the full pipeline takes the message.
    if (isRetryable(err)) return null;
    throw err;
  }
  if (!outcome || outcome.status === 'duplicate') return outcome;
  const message = { id: outcome.messageId, companyId: outcome.companyId, ticketId: outcome.ticketId };
  // A first message created both its contact and its ticket.
  const opened = { newContact: firstMessage, newTicket: firstMessage };
  // Like an after-commit hook: the message is stored whatever happens to its announcement.
  await publishMessage(deps, message, 'create', opened).catch((err) => deps.log.error({ err }, 'inbound announcement failed'));
  if (!msg.fromMe && !msg.historical) deps.afterCustomerMessage?.({ messageId: message.id });
  deps.fastPaths?.inboundPath(firstMessage ? 'first' : 'append');
  return { status: 'stored', messageId: outcome.messageId, ticketId: outcome.ticketId, contactId: outcome.contactId };
}

/**
 * The inbound pipeline (ARCHITECTURE "Channels and the message pipeline"): a provider's normalized
 * message becomes a stored message of the contact's active ticket, in one transaction, and the
 * ticket's audience hears of it after commit. A message whose (connection, external id) is already
 * stored changes nothing; concurrent first messages of one number make one contact and one ticket.
 * Most messages are done by ingestCommonCase in one statement; the rest by ingestInFull, which
 * handles every case (common-case.test.ts holds the two to the same rows).
 */
export async function ingestInbound(deps: InboundDeps, sent: InboundMessage): Promise<InboundResult> {
  // A provider's text is cleaned, never refused (it would send it again forever): U+0000 cannot be stored.
  const msg = stripNul({ ...sent }); // media bytes (a Buffer) are left as they are
  // An imported old message may open a ticket marked as imported: only the general path knows that.
  if (msg.historical) return ingestInFull(deps, msg);
  return (await ingestCommonCase(deps, msg)) ?? ingestInFull(deps, msg);
}

/**
 * The general path, in a transaction retried on collisions. A media file is written before the
 * transaction and removed again if nothing refers to it.
 */
export async function ingestInFull(deps: InboundDeps, msg: InboundMessage): Promise<InboundResult> {
  const loaded = await loadConnection(deps, msg.connectionId, msg.externalId);
  if (!loaded) {
    deps.log.warn({ connectionId: msg.connectionId }, 'inbound message for a connection that no longer exists');
    return { status: 'ignored' };
  }
  const { connection, stored } = loaded;
  if (msg.isGroup && !connection.allowGroup) return { status: 'ignored' };
  // The cheap answer for a redelivery; the unique index decides when two deliveries race.
  if (stored) return { status: 'duplicate' };

  const media = await storeInboundMedia(deps.config, connection.companyId, msg);
  const transaction = transactionRunner(deps.db, deps.log);
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await transaction((tx) => ingestOnce(tx, deps, connection, msg, media));
      if (result.status !== 'stored') await discardMedia(media);
      else deps.fastPaths?.inboundPath('full');
      return result;
    } catch (err) {
      if (isDuplicate(err)) {
        await discardMedia(media);
        return { status: 'duplicate' };
      }
      if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
      await discardMedia(media);
      throw err;
    }
  }
}
