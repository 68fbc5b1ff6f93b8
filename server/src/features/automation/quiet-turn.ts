import { and, eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import { type MessageRow, ticketAutomations } from '../../db/schema';
import type { JobDeps } from '../../jobs/define';
import { flowTurnIsQuiet } from '../flow-runtime';
import { servedByBot } from './hand-to-bot';
import { silenceTimersOf } from './silence';
import { peekMessageTurn, type ReplyChecks, type Turn } from './turn';
import { botServes } from './who-answers';

/**
 * Whether a customer message's turn can only record that it ran: its answer (run-inbound.ts) would
 * say nothing, change nothing and set no timer. That is most messages: a ticket an agent serves,
 * with no flow, bot or silence timer on it. Any doubt says no: a ticket's first turn (redirect,
 * wallet, rating answer, first menu), a voice message, a bot or the chatbot serving, a flow that may
 * act, a silence timer to set, another feature's reply check. Keep in step with answerMessage.
 */
export function isQuietTurn(turn: Turn, message: MessageRow, checks: ReplyChecks): boolean {
  if (turn.fresh || message.mediaType === 'audio') return false;
  if (checks.inRollbackLane || checks.awaitsConfirmation) return false;
  if (servedByBot(turn) || botServes(turn)) return false;
  if (!turn.contact.disableBot && !flowTurnIsQuiet({ ...turn, firstMessage: false, hints: turn.flowHints })) return false;
  return silenceTimersOf(turn).length === 0;
}

/**
 * The state's newest answered message moves on, if no other turn moved it since it was read; an
 * asynchronous commit, so it does not queue for the WAL flush behind the messages' own commits.
 */
const recordStatement = preparedStatement((db) =>
  db
    .update(ticketAutomations)
    .set({ lastMessageId: sql`${sql.placeholder('messageId')}::bigint`, updatedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(
      and(
        eq(ticketAutomations.ticketId, sql.placeholder('ticketId')),
        eq(ticketAutomations.lastMessageId, sql`${sql.placeholder('seenLastMessageId')}::bigint`),
        // Committed without waiting for the WAL flush (this statement's transaction only): a record lost
        // in a crash is a quiet turn the sweep runs again, so the wait bought nothing.
        sql`(select set_config('synchronous_commit', 'off', true)) is not null`,
      ),
    )
    .returning({ ticketId: ticketAutomations.ticketId })
    .prepare('automation_record_quiet_turn'),
);

/**
 * A quiet turn, recorded without a transaction: the turn's rows read without the ticket's lock, and
 * one conditional update of the state. The locked turn costs four round trips with the ticket held
 * (begin, the locked read, the state, commit); on this path every customer message pays it.
 * False when the turn is not quiet, or another turn moved the state meanwhile: the caller then runs
 * the locked turn, which decides again. A ticket changed after the read (an agent returns it to the
 * queue) is as if the change came just after this message, which it did.
 */
export async function recordQuietTurn(deps: JobDeps, messageId: number): Promise<boolean> {
  const peeked = await peekMessageTurn(deps, messageId);
  if (!peeked || !isQuietTurn(peeked.turn, peeked.message, peeked.checks)) return false;
  const { ticket, state, now } = peeked.turn;
  const recorded = await recordStatement(deps.db).execute({
    ticketId: ticket.id,
    messageId,
    seenLastMessageId: state.lastMessageId,
    now,
  });
  return recorded.length === 1;
}
