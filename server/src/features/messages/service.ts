import { ACK } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type MessageRow, messages, type TicketRow, tickets } from '../../db/schema';
import type { Db } from '../../db/client';
import type { HookedTx } from '../../http/context';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Realtime } from '../../realtime/emit';
import { enqueueOutbound, enqueueOutbounds } from './outbound-queue';
import { announceMessage, announceMessages } from './announce';
import { insertRows } from '../../db/insert-rows';
import { previewColumns } from './preview';

/** What sending needs from the caller: a request context or a job's deps plus the company. */
export interface OutboundContext {
  db: Db;
  companyId: number;
  realtime: Realtime;
  jobs: JobQueue;
  config: Config;
}

export interface OutboundInput {
  ticket: TicketRow;
  body: string;
  /** The agent who sends it; null for the system (greeting, farewell, automations). */
  userId: number | null;
  mediaType?: string;
  mediaUrl?: string | null;
  mediaName?: string | null;
  isPrivate?: boolean;
  quotedMsgId?: number | null;
  dataJson?: unknown;
  isForwarded?: boolean;
}

/** The ticket list's preview of a message (preview.ts): its text, and what it is when it is a file, a place or a card. */
const preview = (row: MessageRow) => previewColumns(row.mediaType, row.body, row.mediaName);

/**
 * Stores an outbound message (fromMe, ack 0, read) in the caller's transaction and moves the ticket
 * up with it as its last message. After commit the conversation and the ticket lists hear of it (announce.ts).
 * Unless private (never leaves the product), its send job is written in the same transaction and the
 * message is sent right after the commit (enqueueOutbound).
 * The tickets feature calls this for greeting, farewell and transfer texts; jobs call it too.
 */
export async function createOutboundMessage(tx: HookedTx, ctx: OutboundContext, input: OutboundInput): Promise<MessageRow> {
  const { ticket } = input;
  if (ticket.companyId !== ctx.companyId) throw notFound('ERR_NO_TICKET_FOUND');
  const [row] = await tx.insert(messages).values(outboundValues(input)).returning();
  await movePreview(tx, ticket, row);
  // Read after the commit: the views then carry this message and any change the caller made to the ticket.
  announceMessage(tx, ctx, row, 'create');
  if (!row.isPrivate) await enqueueOutbound(tx, ctx.jobs, row.id);
  return row;
}

/**
 * Records a message the caller already sent through the provider itself (a campaign sends under its
 * own idempotency key, so a send and its record survive a crash separately): fromMe, with the
 * provider's external id and ack "sent"; no send job. The unique (connection, external id) makes a
 * second record of the same send nothing: answers null then, and nothing is announced.
 */
export async function recordSentMessage(
  tx: HookedTx,
  ctx: Pick<OutboundContext, 'db' | 'companyId' | 'realtime'>,
  input: OutboundInput & { externalId: string },
): Promise<MessageRow | null> {
  const { ticket } = input;
  if (ticket.companyId !== ctx.companyId) throw notFound('ERR_NO_TICKET_FOUND');
  const [row] = await tx
    .insert(messages)
    .values({ ...outboundValues(input), externalId: input.externalId, ack: ACK.sent })
    .onConflictDoNothing({ target: [messages.connectionId, messages.externalId] })
    .returning();
  if (!row) return null;
  await movePreview(tx, ticket, row);
  announceMessage(tx, ctx, row, 'create');
  return row;
}

/**
 * recordSentMessage for many sends at once (a campaign step): one insert of every message (a send
 * recorded before is skipped by the same unique index), one update that moves each ticket's preview
 * to its newest recorded message, and the same announcement per recorded message after the commit.
 * Answers the rows recorded, in the order given.
 */
export async function recordSentMessages(
  tx: HookedTx,
  ctx: Pick<OutboundContext, 'db' | 'companyId' | 'realtime'>,
  inputs: (OutboundInput & { externalId: string })[],
): Promise<MessageRow[]> {
  if (inputs.length === 0) return [];
  if (inputs.some((i) => i.ticket.companyId !== ctx.companyId)) throw notFound('ERR_NO_TICKET_FOUND');
  const rows = await insertRows(
    tx,
    messages,
    inputs.map((input) => ({ ...outboundValues(input), externalId: input.externalId, ack: ACK.sent })),
    { onConflict: { doNothing: true, target: [messages.connectionId, messages.externalId] } },
  );
  rows.sort((a, b) => a.id - b.id);
  await movePreviews(tx, rows);
  announceMessages(tx, ctx, rows, 'create');
  return rows;
}

/**
 * createOutboundMessage for many messages at once (the schedules due together): one insert, one
 * update of the tickets' previews, one insert of the send jobs, each message announced and sent right
 * after the commit as one created alone is. Answers the rows in the order given.
 */
export async function createOutboundMessages(tx: HookedTx, ctx: OutboundContext, inputs: OutboundInput[]): Promise<MessageRow[]> {
  if (inputs.length === 0) return [];
  if (inputs.some((i) => i.ticket.companyId !== ctx.companyId)) throw notFound('ERR_NO_TICKET_FOUND');
  // Ids are drawn in the order of the values: sorted by id, the rows are in the order given.
  const rows = (await insertRows(tx, messages, inputs.map(outboundValues))).sort((a, b) => a.id - b.id);
  await movePreviews(tx, rows);
  announceMessages(tx, ctx, rows, 'create');
  await enqueueOutbounds(
    tx,
    ctx.jobs,
    rows.filter((r) => !r.isPrivate).map((r) => r.id),
  );
  return rows;
}

/**
 * Each ticket's preview moves to its newest of these messages (rows in id order), in one statement.
 * Private notes never become the preview: lists, cards and panels show what the customer could see.
 */
async function movePreviews(tx: HookedTx, rows: MessageRow[]) {
  const newest = new Map(rows.filter((r) => !r.isPrivate).map((r) => [r.ticketId, r]));
  if (newest.size === 0) return;
  const values = sql.join(
    [...newest.values()].map((r) => {
      const p = preview(r);
      return sql`(${r.ticketId}::int, ${p.lastMessage}::text, ${p.lastMessageType}::text, ${p.lastMessageMediaName}::text)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update tickets t set last_message = v.preview, last_message_type = v.kind, last_message_media_name = v.media_name,
      last_message_seconds = null, updated_at = ${new Date().toISOString()}::timestamptz
    from (values ${values}) as v(id, preview, kind, media_name) where t.id = v.id`);
}

function outboundValues(input: OutboundInput) {
  const { ticket } = input;
  return {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    connectionId: ticket.connectionId,
    queueId: ticket.queueId,
    userId: input.userId,
    body: input.body,
    fromMe: true,
    read: true,
    ack: 0,
    mediaType: input.mediaType ?? 'conversation',
    mediaUrl: input.mediaUrl ?? null,
    mediaName: input.mediaName ?? null,
    isPrivate: input.isPrivate ?? false,
    isForwarded: input.isForwarded ?? false,
    quotedMsgId: input.quotedMsgId ?? null,
    dataJson: input.dataJson ?? null,
  };
}

/**
 * The ticket moves up with its newest message as the list's preview; a private note moves it up but
 * keeps the preview the customer's side of the conversation gave (the note is no message of theirs).
 */
async function movePreview(tx: HookedTx, ticket: TicketRow, row: MessageRow) {
  await tx
    .update(tickets)
    .set(row.isPrivate ? { updatedAt: new Date() } : { ...preview(row), updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id));
}
