import { ACK } from '@chatflow/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { connections, contacts, type MessageRow, messages, tickets } from '../../db/schema';
import { SendRefused, SessionElsewhere } from '../../channels/types';
import { preparedStatement } from '../../db/prepared';
import { AppError } from '../../http/errors';
import type { JobDeps } from '../../jobs/define';
import { sendKeyOf } from './send-key';
import { outboundPayload } from './payload';

/**
 * Every outbound send reads its message, contact and connection, and stores the provider's id: both
 * are prepared, since planning the four-table read cost more than running it (bench schedules).
 */
const loadStatement = preparedStatement((db) =>
  db
    .select({ message: messages, contact: contacts, connection: connections })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .where(eq(messages.id, sql.placeholder('messageId')))
    .prepare('outbound_load'),
);

// An ack may have come first (through the send key) and stored the id already: then it said so.
const storeSentStatement = preparedStatement((db) =>
  db
    .update(messages)
    .set({
      externalId: sql`${sql.placeholder('externalId')}::text`,
      ack: sql`greatest(${messages.ack}, ${ACK.sent})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(messages.id, sql.placeholder('messageId')), isNull(messages.externalId)))
    .returning()
    .prepare('outbound_store_sent'),
);

async function loadOutbound(db: JobDeps['db'], messageId: number) {
  const [row] = await loadStatement(db).execute({ messageId });
  return row;
}

async function quotedExternalId(db: JobDeps['db'], quotedMsgId: number | null): Promise<string | null> {
  if (!quotedMsgId) return null;
  const [row] = await db.select({ externalId: messages.externalId }).from(messages).where(eq(messages.id, quotedMsgId));
  return row?.externalId ?? null;
}

/** What one send attempt came to; the send job announces a message that changed and passes work on. */
export type SendOutcome =
  /** Sent now (external id stored), or refused for good (sendError stored): announce it. */
  | { status: 'sent' | 'failed'; message: MessageRow }
  /** The connection's session is held by another node: the attempt belongs on that node's queue. */
  | { status: 'elsewhere'; holder: string }
  /** Nothing to do (already sent or failed, not an outbound message) or left for later (connection down). */
  | { status: 'done' | 'waiting' };

/**
 * Sends one stored outbound message through its ticket's connection. Idempotent: a message that
 * already has an external id was sent; the provider gets the idempotency key `msg-{id}`, so a run
 * repeated after a crash between the provider's answer and the write below is not delivered twice.
 * A connection that is missing, not CONNECTED or has no provider on this node leaves the message at
 * ack 0 (it is sent when the session opens, or by the sweeper); one whose session another node
 * holds answers `elsewhere`; a refusal for good (SendRefused) marks the message failed with its
 * code; any other provider failure throws, so the queue retries with backoff.
 */
export async function sendOutbound(deps: JobDeps, messageId: number): Promise<SendOutcome> {
  const loaded = await loadOutbound(deps.db, messageId);
  if (!loaded) return { status: 'done' };
  const { message, contact, connection } = loaded;
  if (message.externalId || message.sendError || !message.fromMe || message.isPrivate || message.isDeleted) return { status: 'done' };
  const log = deps.log.child({ messageId, connectionId: connection?.id ?? null });
  if (!connection) {
    log.warn('outbound message has no connection; left waiting');
    return { status: 'waiting' };
  }
  let provider: Awaited<ReturnType<JobDeps['channels']['providerFor']>>;
  try {
    provider = await deps.channels.providerFor(connection.id);
  } catch (err) {
    if (err instanceof SessionElsewhere) return { status: 'elsewhere', holder: err.holder };
    if (!(err instanceof AppError)) throw err;
    log.warn({ code: err.code }, 'no provider for the connection on this node; message left waiting');
    return { status: 'waiting' };
  }
  // The status loaded with the message is current unless providerFor just started the session: only
  // then is it read again (one query less per send on the hot path).
  const status =
    connection.status === 'CONNECTED'
      ? connection.status
      : (await deps.db.select({ status: connections.status }).from(connections).where(eq(connections.id, connection.id)))[0]?.status;
  if (status !== 'CONNECTED') {
    log.warn({ status }, 'connection not connected; message left waiting');
    return { status: 'waiting' };
  }

  const payload = await outboundPayload(message, contact.number, deps.config, await quotedExternalId(deps.db, message.quotedMsgId));
  let externalId: string;
  try {
    ({ externalId } = await provider.send(payload, { idempotencyKey: sendKeyOf(message.id) }));
  } catch (err) {
    if (!(err instanceof SendRefused)) throw err;
    log.warn({ code: err.code, reason: err.message }, 'the network refused the message for good; marked failed');
    const [failed] = await deps.db
      .update(messages)
      .set({ sendError: err.code, updatedAt: new Date() })
      .where(and(eq(messages.id, message.id), isNull(messages.externalId), isNull(messages.sendError)))
      .returning();
    return failed ? { status: 'failed', message: failed } : { status: 'done' };
  }

  const [sent] = await storeSentStatement(deps.db).execute({ messageId: message.id, externalId });
  return sent ? { status: 'sent', message: sent } : { status: 'done' };
}
