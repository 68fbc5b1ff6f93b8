import { z } from 'zod';
import { transactionRunner } from '../../http/context';
import { defineJob } from '../../jobs/define';
import { newestMessageId } from '../messages';
import { closeByBot } from './land-in-queue';
import { saveTurn } from './save-turn';
import { say } from './say';
import { loadTurn, type Turn } from './turn';

// Timers of a customer's silence, each set after a customer message and void once another arrives:
// - inactive: the bot asked and got no answer in timeInactiveMessage minutes -> inactiveMessage;
// - expire: no customer message for expiresTicket minutes -> expiresInactiveMessage and closed
//   (whenExpiresTicket '1': only tickets still waiting; '0': open ones too);
// - autoClose: the company's autoCloseTicketHours without a customer message -> closed, silently.

const SILENCES = ['inactive', 'expire', 'autoClose'] as const;
type Silence = (typeof SILENCES)[number];

/** The silence timers a turn sets for its newest customer message, with their delays in minutes. */
function silenceTimersOf(turn: Turn): [Silence, number][] {
  const { connection, ticket, state } = turn;
  if (ticket.isGroup) return []; // a group is not a customer who went quiet
  const timers: [Silence, number][] = [];
  if (ticket.isBot && state.stage !== 'done' && connection.timeInactiveMessage > 0 && connection.inactiveMessage.trim()) {
    timers.push(['inactive', connection.timeInactiveMessage]);
  }
  if (connection.expiresTicket > 0) timers.push(['expire', connection.expiresTicket]);
  const hours = Number(turn.settings.autoCloseTicketHours ?? '0');
  if (hours > 0) timers.push(['autoClose', hours * 60]);
  return timers;
}

/** Sets the silence timers of the turn's newest customer message, in the turn's transaction. */
export async function scheduleSilenceTimers(turn: Turn): Promise<void> {
  for (const [kind, minutes] of silenceTimersOf(turn)) {
    await silenceJob.send(
      turn.deps.jobs,
      { ticketId: turn.ticket.id, messageId: turn.state.lastMessageId, kind },
      { tx: turn.tx, startAfterSeconds: minutes * 60 },
    );
  }
}

async function newestCustomerMessage(turn: Turn): Promise<number> {
  return (await newestMessageId(turn.tx, turn.ticket.id, { fromCustomer: true })) ?? 0;
}

/** What a due timer does, when the ticket is still where the timer left it. */
async function fire(turn: Turn, kind: Silence): Promise<void> {
  const { ticket, connection } = turn;
  const active = ticket.status === 'pending' || ticket.status === 'open';
  if (kind === 'inactive') {
    // Said once per unanswered message: a re-run of this timer finds it said.
    if (
      ticket.status !== 'pending' ||
      !ticket.isBot ||
      turn.state.stage === 'done' ||
      turn.state.inactiveSentFor === turn.state.lastMessageId
    )
      return;
    await say(turn, connection.inactiveMessage);
    turn.state.inactiveSentFor = turn.state.lastMessageId;
    return;
  }
  if (kind === 'expire') {
    if (!active || (connection.whenExpiresTicket === '1' && ticket.status !== 'pending')) return;
    await say(turn, connection.expiresInactiveMessage);
    return closeByBot(turn);
  }
  if (active) await closeByBot(turn);
}

/** One silence timer; a customer message after the one it was set for voids it (and a re-run finds the ticket moved on). */
export const silenceJob = defineJob({
  name: 'automation.silence',
  payload: z.object({ ticketId: z.number().int().positive(), messageId: z.number().int().nonnegative(), kind: z.enum(SILENCES) }),
  timer: true,
  async run({ ticketId, messageId, kind }, deps) {
    await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const turn = await loadTurn(tx, deps, ticketId);
      if (!turn || turn.ticket.isGroup) return;
      if ((await newestCustomerMessage(turn)) !== messageId) return;
      await fire(turn, kind);
      await saveTurn(turn);
    });
  },
});
