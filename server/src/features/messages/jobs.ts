import { FORWARD_PAUSE_MS } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages, type TicketRow, tickets } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import { defineJob, type JobDeps } from '../../jobs/define';
import { signaturePrefix, signingEnabled } from './compose';
import { createOutboundMessage } from './service';
import { userNameOf } from './variables';

/** Kinds a provider can send as they are; anything else is forwarded as its text. */
const SENDABLE_KINDS: readonly string[] = [
  'conversation',
  'extendedTextMessage',
  'chat',
  'image',
  'video',
  'audio',
  'document',
  'application',
  'sticker',
  'contactMessage',
  'locationMessage',
  'listMessage',
  'interactiveMessage',
];
const CAPTIONED_KINDS: readonly string[] = ['conversation', 'extendedTextMessage', 'chat', 'image', 'video', 'document', 'application'];

/**
 * Forwards messages to a ticket one by one (POST /message/forward): each run sends the first of
 * `messageIds` and schedules the rest FORWARD_PAUSE_MS later. Chaining rather than one delayed job
 * per message keeps the order on every queue (pg-boss workers or the inline test queue) and
 * measures the pause from the previous send; a restart loses nothing, as each step is a stored job.
 * A source deleted or made private meanwhile is skipped.
 */
export const forwardMessageJob = defineJob({
  name: 'messages.forward',
  payload: z.object({
    messageIds: z.array(z.number().int().positive()).min(1),
    ticketId: z.number().int().positive(),
    userId: z.number().int().positive().nullable(),
    signMessage: z.boolean().default(false),
  }),
  retry: { limit: 3, backoffSeconds: 5 },
  async run({ messageIds, ticketId, userId, signMessage }, deps): Promise<void> {
    const [ticket] = await deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket) return;
    await forwardOne(deps, ticket, messageIds[0], userId, signMessage);
    const rest = messageIds.slice(1);
    if (rest.length) {
      await forwardMessageJob.send(
        deps.jobs,
        { messageIds: rest, ticketId, userId, signMessage },
        { startAfterSeconds: FORWARD_PAUSE_MS / 1000 },
      );
    }
  },
});

async function forwardOne(deps: JobDeps, ticket: TicketRow, messageId: number, userId: number | null, signMessage: boolean) {
  const [source] = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.companyId, ticket.companyId)));
  if (!source || source.isDeleted || source.isPrivate) return;
  const sendable = SENDABLE_KINDS.includes(source.mediaType);
  let body = source.body;
  if (signMessage && body.trim() && CAPTIONED_KINDS.includes(source.mediaType) && (await signingEnabled(deps.db, ticket.companyId))) {
    body = signaturePrefix(await userNameOf(deps.db, userId)) + body;
  }
  await transactionRunner(
    deps.db,
    deps.log,
  )((tx) =>
    createOutboundMessage(
      tx,
      {
        db: deps.db,
        companyId: ticket.companyId,
        realtime: deps.realtime,
        jobs: deps.jobs,
        config: deps.config,
      },
      {
        ticket,
        userId,
        body,
        mediaType: sendable ? source.mediaType : 'conversation',
        mediaUrl: sendable ? source.mediaUrl : null,
        mediaName: sendable ? source.mediaName : null,
        dataJson: sendable ? source.dataJson : null,
        isForwarded: true,
      },
    ),
  );
}
