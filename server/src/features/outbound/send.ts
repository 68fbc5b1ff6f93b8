import { ACK } from '@chatflow/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { connections, contacts, type MessageRow, messages, tickets } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JobDeps } from '../../jobs/define';
import { sendKeyOf } from './send-key';
import { outboundPayload } from './payload';

async function loadOutbound(db: JobDeps['db'], messageId: number) {
  const [row] = await db
    .select({ message: messages, contact: contacts, connection: connections })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .where(eq(messages.id, messageId));
  return row;
}

async function quotedExternalId(db: JobDeps['db'], quotedMsgId: number | null): Promise<string | null> {
  if (!quotedMsgId) return null;
  const [row] = await db.select({ externalId: messages.externalId }).from(messages).where(eq(messages.id, quotedMsgId));
  return row?.externalId ?? null;
}

/**
 * Sends one stored outbound message through its ticket's connection. Idempotent: a message that
 * already has an external id was sent; the provider gets the idempotency key `msg-{id}`, so a run
 * repeated after a crash between the provider's answer and the write below is not delivered twice.
 * A connection that is missing, not CONNECTED or has no provider on this node leaves the message at
 * ack 0 (the sweeper tries again later); a provider failure throws, so the queue retries with backoff.
 * Resolves to the message as it now stands once this run stored its external id (the caller
 * announces it: messages/send-job.ts), else null.
 */
export async function sendOutbound(deps: JobDeps, messageId: number): Promise<MessageRow | null> {
  const loaded = await loadOutbound(deps.db, messageId);
  if (!loaded) return null;
  const { message, contact, connection } = loaded;
  if (message.externalId || !message.fromMe || message.isPrivate || message.isDeleted) return null;
  const log = deps.log.child({ messageId, connectionId: connection?.id ?? null });
  if (!connection) {
    log.warn('outbound message has no connection; left waiting');
    return null;
  }
  let provider: Awaited<ReturnType<JobDeps['channels']['providerFor']>>;
  try {
    provider = await deps.channels.providerFor(connection.id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    log.warn({ code: err.code }, 'no provider for the connection on this node; message left waiting');
    return null;
  }
  const [current] = await deps.db.select({ status: connections.status }).from(connections).where(eq(connections.id, connection.id));
  if (current?.status !== 'CONNECTED') {
    log.warn({ status: current?.status }, 'connection not connected; message left waiting');
    return null;
  }

  const payload = await outboundPayload(message, contact.number, deps.config.dataDir, await quotedExternalId(deps.db, message.quotedMsgId));
  const { externalId } = await provider.send(payload, { idempotencyKey: sendKeyOf(message.id) });

  // An ack may have come first (through the send key) and stored the id already: then it said so.
  const [sent] = await deps.db
    .update(messages)
    .set({ externalId, ack: sql`greatest(${messages.ack}, ${ACK.sent})`, updatedAt: new Date() })
    .where(and(eq(messages.id, message.id), isNull(messages.externalId)))
    .returning();
  return sent ?? null;
}
