import { and, eq } from 'drizzle-orm';
import {
  type ContactRow,
  contacts,
  type MessageRow,
  messages,
  type TicketIntegrationStateRow,
  type TicketRow,
  ticketIntegrationStates,
  tickets,
} from '../../../db/schema';
import { transactionRunner, type HookedTx } from '../../../http/context';
import type { JobDeps } from '../../../jobs/define';
import { createOutboundMessage, sendBotMessage, storeMedia } from '../../messages';
import { handToQueue } from './handoff';
import { BotUnavailable, type BotOutcome, type BotReply, type StoredReply } from './outcome';
import { sendReplies } from './replies';
import { HANDOFF_TEXT } from './texts';

/** Waits before the 2nd and 3rd tries of a bot that did not answer (timeout, 5xx, 429). */
export const RETRY_DELAYS_SECONDS = [5, 30] as const;

export interface BotTurnPayload {
  ticketId: number;
  messageId: number;
  /** The same on every try of one message: webhook receivers drop repeats by it. */
  deliveryId: string;
  attempt: number;
}

/** What a bot gets to answer one customer message. */
export interface BotTurnContext {
  deps: JobDeps;
  ticket: TicketRow;
  contact: ContactRow;
  message: MessageRow;
  state: TicketIntegrationStateRow | null;
  deliveryId: string;
}

export interface BotAnswer {
  outcome: BotOutcome;
  /** The session to keep (Typebot); undefined leaves the stored one as it is. */
  session?: { sessionId: string; usedAt: Date } | null;
  /** Milliseconds between the replies (Typebot's delay); without it the texts go as one message. */
  delayMs?: number;
}

export interface BotTurnSpec {
  /** Which bot this is, for the logs. */
  name: string;
  /** Whether the ticket is still this bot's (its integration or prompt is still set on it). */
  serves(ticket: TicketRow): boolean;
  answer(ctx: BotTurnContext): Promise<BotAnswer>;
  /** Queues the next try of this turn after `delaySeconds`. */
  retry(deps: JobDeps, payload: BotTurnPayload, delaySeconds: number): Promise<void>;
  /** The agents' private note when the bot failed for good (the assistant's refused token), or null. */
  failureNote?(err: unknown): string | null;
}

const stillServed = (spec: BotTurnSpec, ticket: TicketRow | undefined): ticket is TicketRow =>
  !!ticket && ticket.useIntegration && ticket.status === 'pending' && ticket.userId === null && spec.serves(ticket);

async function loadContext(deps: JobDeps, payload: BotTurnPayload): Promise<BotTurnContext | null> {
  const [row] = await deps.db
    .select({ ticket: tickets, contact: contacts, message: messages })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(messages, and(eq(messages.id, payload.messageId), eq(messages.ticketId, tickets.id)))
    .where(eq(tickets.id, payload.ticketId));
  if (!row || row.message.fromMe) return null;
  const [state] = await deps.db.select().from(ticketIntegrationStates).where(eq(ticketIntegrationStates.ticketId, row.ticket.id));
  if (state && state.lastMessageId >= row.message.id) return null;
  return { deps, ...row, state: state ?? null, deliveryId: payload.deliveryId };
}

/**
 * One customer message answered by the ticket's bot. The bot is called outside any transaction (it
 * may take seconds); what it answered is then written in one transaction with the ticket locked, if
 * the ticket is still the bot's and the message not answered yet (a second run sends nothing). A bot
 * that does not answer now is tried again (RETRY_DELAYS_SECONDS); one that refuses, or still fails
 * after the last try, is logged on the ticket and the customer handed to the queue with a message:
 * never left without an answer.
 */
export async function runBotTurn(spec: BotTurnSpec, deps: JobDeps, payload: BotTurnPayload): Promise<void> {
  const ctx = await loadContext(deps, payload);
  if (!ctx || !stillServed(spec, ctx.ticket)) return;
  let answer: BotAnswer;
  try {
    answer = await spec.answer(ctx);
  } catch (err) {
    const delay = RETRY_DELAYS_SECONDS[payload.attempt - 1];
    if (err instanceof BotUnavailable && delay !== undefined) {
      deps.log.warn({ err, ticketId: ctx.ticket.id, attempt: payload.attempt, bot: spec.name }, 'bot did not answer; trying again');
      await spec.retry(deps, { ...payload, attempt: payload.attempt + 1 }, delay);
      return;
    }
    deps.log.warn({ err, ticketId: ctx.ticket.id, attempt: payload.attempt, bot: spec.name }, 'bot failed; ticket handed to its queue');
    const note = spec.failureNote?.(err) ?? null;
    await settle(spec, deps, ctx, async (tx, ticket) => {
      if (note) await createOutboundMessage(tx, outboundOf(deps, ticket), { ticket, body: note, userId: null, isPrivate: true });
      await sendBotMessage(tx, outboundOf(deps, ticket), ticket, HANDOFF_TEXT);
      await handToQueue(tx, deps, ticket, 'integrationFailed');
    });
    return;
  }
  const stored = await storeAudio(deps, ctx.ticket.companyId, answer.outcome.replies);
  await settle(spec, deps, ctx, async (tx, ticket) => {
    if (answer.session !== undefined) await saveSession(tx, ticket, answer.session);
    await sendReplies(tx, deps, ticket, stored, answer.delayMs);
    if (answer.outcome.handoff) {
      if (stored.length === 0) await sendBotMessage(tx, outboundOf(deps, ticket), ticket, HANDOFF_TEXT);
      await handToQueue(tx, deps, ticket, 'integrationHandoff');
    }
  });
}

export const outboundOf = (deps: JobDeps, ticket: TicketRow) => ({
  db: deps.db,
  companyId: ticket.companyId,
  realtime: deps.realtime,
  jobs: deps.jobs,
  config: deps.config,
});

/** Audio replies stored as media files (before the turn's transaction), texts as they are. */
export async function storeAudio(deps: JobDeps, companyId: number, replies: BotReply[]): Promise<StoredReply[]> {
  const out: StoredReply[] = [];
  for (const r of replies) {
    if (r.kind === 'text') out.push(r);
    else out.push({ kind: 'audio', text: r.text, mediaUrl: await storeMedia(deps.config, companyId, r.data, r.ext) });
  }
  return out;
}

/** The write half of a turn: ticket locked, still the bot's, message still unanswered; then marked answered. */
async function settle(
  spec: BotTurnSpec,
  deps: JobDeps,
  ctx: BotTurnContext,
  write: (tx: HookedTx, ticket: TicketRow) => Promise<void>,
): Promise<void> {
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ctx.ticket.id)).for('update');
    if (!stillServed(spec, ticket)) return;
    const [state] = await tx.select().from(ticketIntegrationStates).where(eq(ticketIntegrationStates.ticketId, ticket.id));
    if (state && state.lastMessageId >= ctx.message.id) return;
    await write(tx, ticket);
    await tx
      .insert(ticketIntegrationStates)
      .values({ ticketId: ticket.id, companyId: ticket.companyId, lastMessageId: ctx.message.id })
      .onConflictDoUpdate({
        target: ticketIntegrationStates.ticketId,
        set: { lastMessageId: ctx.message.id, updatedAt: deps.clock.now() },
      });
  });
}

async function saveSession(tx: HookedTx, ticket: TicketRow, session: { sessionId: string; usedAt: Date } | null) {
  const values = { sessionId: session?.sessionId ?? null, sessionUsedAt: session?.usedAt ?? null };
  await tx
    .insert(ticketIntegrationStates)
    .values({ ticketId: ticket.id, companyId: ticket.companyId, ...values })
    .onConflictDoUpdate({ target: ticketIntegrationStates.ticketId, set: values });
}
