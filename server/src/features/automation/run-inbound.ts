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
import { queueConfirmationReply } from '../campaigns';
import { recordQuietTurn } from './quiet-turn';
import { flowTurn } from '../flow-runtime';
import { queueLaneRollback } from '../kanban';
import { passToBot, servedByBot } from './hand-to-bot';
import { texts } from './texts';
import { directToWallet } from './wallet';
import { loadMessageTurn, type Turn } from './turn';
import { botServes, refuseAudio } from './who-answers';

/**
 * One customer message: away answers first, then a flow's turn, then the menu the ticket is at.
 * isQuietTurn (quiet-turn.ts) knows when none of this would act: keep the two in step.
 */
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
 * answered and sends nothing. The turn also starts what other features do on a customer's answer (a
 * kanban card's rollback, a campaign's confirmed message), in its transaction: so the sweep that
 * runs turns a stopped process left undone covers those too. A quiet turn (quiet-turn.ts) is only
 * recorded, without the transaction.
 */
export async function runInboundAutomation(deps: JobDeps, messageId: number, opts: { newTicket?: boolean } = {}): Promise<void> {
  // A new ticket's first turn is never quiet, so the read that would judge it is skipped.
  if (!opts.newTicket && (await recordQuietTurn(deps, messageId))) return;
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const loaded = await loadMessageTurn(tx, deps, messageId);
    if (!loaded || loaded.unanswered.length === 0) return;
    const { turn, unanswered, checks } = loaded;
    // Asked once per message, as the turn that answers it: a re-run finds it answered above.
    const { ticket } = turn;
    if (checks.inRollbackLane) await queueLaneRollback(deps.jobs, tx, { messageId, ticketId: ticket.id, companyId: ticket.companyId });
    if (checks.awaitsConfirmation) await queueConfirmationReply(deps.jobs, tx, messageId);
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
