import type { MessageRow } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { answerOptions, answerQueueMenu, startQueues } from './navigation';
import { outOfService } from './out-of-service';
import { takeRatingAnswer } from './rating';
import { scheduleRedirect } from './redirect';
import { saveTurn } from './save-turn';
import { scheduleSilenceTimers } from './silence';
import { lgpdTurn } from './lgpd';
import { say } from './say';
import { flowTurn } from '../flow-runtime';
import { passToBot, servedByBot } from './hand-to-bot';
import { texts } from './texts';
import { directToWallet } from './wallet';
import { loadMessageTurn, settingOn, type Turn } from './turn';

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
 * The automation turn of a customer's message, in one transaction with the ticket locked: every
 * message of the ticket not answered yet, up to this one, is answered in order, and the answers'
 * messages (with their send jobs), the ticket's changes and the newest answered id commit together.
 * A second run for the same message (the stored fallback job, a retry after a crash) finds it
 * answered and sends nothing.
 */
export async function runInboundAutomation(deps: JobDeps, messageId: number): Promise<void> {
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const loaded = await loadMessageTurn(tx, deps, messageId);
    if (!loaded || loaded.unanswered.length === 0) return;
    const { turn, unanswered } = loaded;
    // An answer to a rating request belongs to the rated ticket: this new ticket is gone with it.
    if (await takeRatingAnswer(turn, unanswered[0])) return;
    for (const m of unanswered) {
      turn.currentMessageId = m.id;
      await answerMessage(turn, m);
      turn.fresh = false;
      turn.state.lastMessageId = m.id;
      // The hints were read for the first message; one it started a flow with is out of date.
      turn.flowHints = undefined;
    }
    await scheduleSilenceTimers(turn);
    await saveTurn(turn);
  });
}
