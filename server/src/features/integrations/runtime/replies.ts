import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isActiveTicketStatus, type TicketRow, tickets } from '../../../db/schema';
import { transactionRunner, type HookedTx } from '../../../http/context';
import { defineJob, type JobDeps } from '../../../jobs/define';
import { sendBotMessage } from '../../messages';
import type { StoredReply } from './outcome';

const outbound = (deps: JobDeps, ticket: TicketRow) => ({
  db: deps.db,
  companyId: ticket.companyId,
  realtime: deps.realtime,
  jobs: deps.jobs,
  config: deps.config,
});

async function sendOne(tx: HookedTx, deps: JobDeps, ticket: TicketRow, reply: StoredReply) {
  if (reply.kind === 'text') return sendBotMessage(tx, outbound(deps, ticket), ticket, reply.text);
  return sendBotMessage(tx, outbound(deps, ticket), ticket, '', {
    mediaType: 'audio',
    mediaUrl: reply.mediaUrl,
    mediaName: 'resposta.mp3',
  });
}

/**
 * A bot's replies in the turn's transaction. Without a delay, texts leave as one message (messages of
 * one transaction leave in parallel and could reach the phone out of order). With one (Typebot's
 * typebotDelayMessage), the first leaves now and each next one is a delayed job, in order.
 */
export async function sendReplies(tx: HookedTx, deps: JobDeps, ticket: TicketRow, replies: StoredReply[], delayMs?: number) {
  if (replies.length === 0) return;
  if (delayMs === undefined) {
    const texts = replies.filter((r) => r.kind === 'text').map((r) => r.text);
    if (texts.length > 0) await sendBotMessage(tx, outbound(deps, ticket), ticket, texts.join('\n\n'));
    for (const r of replies) if (r.kind === 'audio') await sendOne(tx, deps, ticket, r);
    return;
  }
  const [first, ...rest] = replies;
  await sendOne(tx, deps, ticket, first);
  if (rest.length > 0)
    await delayedRepliesJob.send(
      deps.jobs,
      { ticketId: ticket.id, replies: rest, delayMs },
      { tx, startAfterSeconds: Math.max(delayMs, 1) / 1000 },
    );
}

const StoredReplySchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('audio'), mediaUrl: z.string(), text: z.string() }),
]);

/** The next of a bot's replies, after its delay; nothing once the ticket is closed or gone. */
export const delayedRepliesJob = defineJob({
  name: 'integration.replies',
  payload: z.object({
    ticketId: z.number().int().positive(),
    replies: z.array(StoredReplySchema).min(1),
    delayMs: z.number().int().min(0),
  }),
  timer: true,
  async run({ ticketId, replies, delayMs }, deps) {
    await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), isActiveTicketStatus(tickets.status)))
        .for('update');
      if (!ticket) return;
      await sendReplies(tx, deps, ticket, replies, delayMs);
    });
  },
});
