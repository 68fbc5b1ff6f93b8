import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { type MessageRow, messages, type TicketRow, tickets } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { type Realtime, rooms, ticketAudience } from '../../realtime/emit';
import { enqueueOutbound } from '../outbound/enqueue';
import { loadTicketView } from '../tickets/loader';
import { presentOne } from './presenter';

/** What sending needs from the caller: a request context or a job's deps plus the company. */
export interface OutboundContext {
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

const LAST_MESSAGE_MAX = 1000;

/** The ticket list's preview line: the text, else the file's name. */
function preview(row: MessageRow): string {
  const text = row.mediaType === 'contactMessage' ? (/^FN:(.*)$/m.exec(row.body)?.[1] ?? row.body) : row.body;
  return (text.trim() || row.mediaName || '').slice(0, LAST_MESSAGE_MAX);
}

/**
 * Stores an outbound message (fromMe, ack 0, read) in the caller's transaction and moves the ticket
 * up with it as its last message. After commit the conversation and the ticket lists hear of it.
 * Unless private (never leaves the product), its send job is written in the same transaction and the
 * message is sent right after the commit (enqueueOutbound).
 * The tickets feature calls this for greeting, farewell and transfer texts; jobs call it too.
 */
export async function createOutboundMessage(tx: HookedTx, ctx: OutboundContext, input: OutboundInput): Promise<MessageRow> {
  const { ticket } = input;
  if (ticket.companyId !== ctx.companyId) throw notFound('ERR_NO_TICKET_FOUND');
  const [row] = await tx
    .insert(messages)
    .values({
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
    })
    .returning();
  const [updated] = await tx
    .update(tickets)
    .set({ lastMessage: preview(row), updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  const message = await presentOne(tx, updated, row);
  // Read in the transaction: it sees this message and any change the caller made to the ticket.
  const ticketView = await loadTicketView(tx, ctx.companyId, updated.id);
  if (ticketView) {
    tx.afterCommit(() => {
      ctx.realtime.toRoom(ctx.companyId, [...ticketAudience(updated), rooms.chatBox(updated.uuid)], 'appMessage', {
        action: 'create',
        message,
        ticket: ticketView,
      });
      ctx.realtime.toRoom(ctx.companyId, ticketAudience(updated), 'ticket', { action: 'update', ticket: ticketView });
    });
  }
  if (!row.isPrivate) await enqueueOutbound(tx, ctx.jobs, row.id);
  return row;
}

/** Announces a changed message (edit, delete) to the ticket's audience and its open conversations. */
export async function emitMessageUpdate(
  tx: HookedTx,
  ctx: Pick<OutboundContext, 'companyId' | 'realtime'>,
  ticket: TicketRow,
  row: MessageRow,
) {
  const message = await presentOne(tx, ticket, row);
  const ticketView = await loadTicketView(tx, ctx.companyId, ticket.id);
  if (!ticketView) return;
  tx.afterCommit(() =>
    ctx.realtime.toRoom(ctx.companyId, [...ticketAudience(ticket), rooms.chatBox(ticket.uuid)], 'appMessage', {
      action: 'update',
      message,
      ticket: ticketView,
    }),
  );
}
