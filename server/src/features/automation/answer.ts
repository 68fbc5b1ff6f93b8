import type { MessageRow } from '../../db/schema';
import { flowTurn } from '../flow-runtime';
import { passToBot, servedByBot } from './hand-to-bot';
import { lgpdTurn } from './lgpd';
import { answerOptions, answerQueueMenu, startQueues } from './navigation';
import { outOfService } from './out-of-service';
import { takeRatingAnswer } from './rating';
import { scheduleRedirect } from './redirect';
import { scheduleSilenceTimers } from './silence';
import { say } from './say';
import { texts } from './texts';
import { type ReplyChecks, settingOn, type Turn } from './turn';
import { directToWallet } from './wallet';

/**
 * Whether the chatbot speaks on this ticket: a person's ticket waiting with no agent, whose contact
 * has the bot on (disableBot), and which the bot has not finished with.
 */
const botServes = (turn: Turn) =>
  turn.ticket.status === 'pending' &&
  turn.ticket.userId === null &&
  !turn.ticket.isGroup &&
  !turn.contact.disableBot &&
  turn.state.stage !== 'done';

/**
 * A voice message the company does not take (acceptAudioMessageContact off, or the contact's own
 * acceptAudioMessage off): the customer is asked to write instead, whoever serves the ticket.
 */
const refuseAudio = (turn: Turn, message: MessageRow) =>
  message.mediaType === 'audio' &&
  !turn.ticket.isGroup &&
  (!settingOn(turn, 'acceptAudioMessageContact') || !turn.contact.acceptAudioMessage);

/** One customer message: away answers first, then a flow's turn, then the menu the ticket is at. */
async function answerMessage(turn: Turn, message: MessageRow): Promise<void> {
  if (turn.fresh) await scheduleRedirect(turn);
  if (turn.fresh) await directToWallet(turn);
  if (refuseAudio(turn, message)) return say(turn, texts.noAudio);
  if (servedByBot(turn)) return passToBot(turn, message.id);
  // Flows come before the chatbot: a running flow owns the conversation (precedence in flow-runtime/triggers.ts).
  if (
    !turn.contact.disableBot &&
    (await flowTurn(turn.tx, turn.deps, { ...turn, message, firstMessage: turn.fresh, hints: turn.flowHints }))
  )
    return;
  if (!botServes(turn)) return;
  if (await lgpdTurn(turn, message.body)) return;
  if (await outOfService(turn)) return;
  // No menu sent yet (a first message, or the first ones fell out of hours): the ticket starts.
  if (turn.state.stage === 'queue' && turn.state.menuSentAt === null) return startQueues(turn);
  if (turn.state.stage === 'queue') return answerQueueMenu(turn, message.body);
  return answerOptions(turn, message.body);
}

/**
 * A customer message's turn up to its save (saveTurn): what other features do on a customer's
 * answer (the reply checks this message asks for: a kanban card's rollback, a campaign's confirmed
 * message), then every message not answered yet, in order, and the silence timers. False when
 * nothing is left to save: an answer to a rating request belongs to the rated ticket, and this new
 * ticket is gone with it. Run in the locked turn
 * (run-inbound.ts), and played from the turn's read alone to find a quiet turn (quiet-turn.ts).
 */
export async function playTurn(turn: Turn, unanswered: MessageRow[], checks: ReplyChecks, messageId: number): Promise<boolean> {
  const { ticket, tx } = turn;
  // Asked once per message, as the turn that answers it: a re-run finds it answered.
  for (const check of checks) await check.act(turn.deps.jobs, tx, { messageId, ticketId: ticket.id, companyId: ticket.companyId });
  if (await takeRatingAnswer(turn, unanswered[0])) return false;
  for (const m of unanswered) {
    turn.currentMessageId = m.id;
    await answerMessage(turn, m);
    turn.fresh = false;
    turn.state.lastMessageId = m.id;
    // The hints were read for the first message; one it started a flow with is out of date.
    turn.flowHints = undefined;
  }
  await scheduleSilenceTimers(turn);
  return true;
}
