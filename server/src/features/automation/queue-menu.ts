import type { QueueRow } from '../../db/schema';
import { withinSchedule } from './hours';
import { landInQueue } from './land-in-queue';
import { leaveBot } from './leave-bot';
import { parseMenuAnswer } from './menu';
import { chooseOption, showOptions } from './option-menu';
import { optionsUnder } from './options';
import { queueById } from './queues-of';
import { say } from './say';
import { sendMenu } from './send-menu';
import { texts } from './texts';
import { logTicket, moveTicket, settingOn, type Turn } from './turn';

// The first level: which queue (sector) the customer wants.

/** The queue menu, headed by `header` (the connection's greeting, or the invalid-answer line). */
export async function showQueueMenu(turn: Turn, header: string): Promise<void> {
  turn.state.stage = 'queue';
  turn.state.optionId = null;
  await sendMenu(turn, header, turn.queues, false, true);
}

/**
 * A ticket's first turn: a ticket already in a queue (the connection's only one, or set by hand)
 * goes straight into it; a connection with one queue picks it; with several, the greeting and the
 * queue menu. With one queue, greetings are sent only when sendGreetingMessageOneQueues is on.
 */
export async function startQueues(turn: Turn): Promise<void> {
  const single = turn.queues.length === 1;
  const greet = !single || settingOn(turn, 'sendGreetingMessageOneQueues');
  const current = turn.ticket.queueId === null ? (single ? turn.queues[0] : null) : await queueById(turn, turn.ticket.queueId);
  if (current) {
    if (greet) await say(turn, turn.connection.greetingMessage);
    await enterQueue(turn, current, greet);
    return;
  }
  if (turn.queues.length === 0) {
    // Nothing to route to: the greeting alone, and the ticket waits for any agent.
    await say(turn, turn.connection.greetingMessage);
    await leaveBot(turn);
    return;
  }
  await showQueueMenu(turn, turn.connection.greetingMessage);
}

/** The customer's answer to the queue menu: a queue's number, else the menu again. */
export async function answerQueueMenu(turn: Turn, text: string): Promise<void> {
  const answer = parseMenuAnswer(text, turn.queues.length);
  if (answer.kind === 'choice') await enterQueue(turn, turn.queues[answer.index], true);
  else await showQueueMenu(turn, texts.invalidOption);
}

/**
 * The ticket moves into `queue` ('queue' log entry). Out of the queue's hours (scheduleType queue)
 * the customer gets its outOfHoursMessage and the ticket waits there. A queue with options shows
 * them (a single one is chosen at once); one without lands the ticket, after its greeting.
 */
export async function enterQueue(turn: Turn, queue: QueueRow, greet: boolean): Promise<void> {
  if (turn.ticket.queueId !== queue.id) {
    moveTicket(turn, { queueId: queue.id });
    logTicket(turn, { type: 'queue', userId: null });
  }
  if (turn.settings.scheduleType === 'queue' && !withinSchedule(queue.schedules, turn.now, turn.timeZone)) {
    await say(turn, queue.outOfHoursMessage);
    await leaveBot(turn);
    return;
  }
  const roots = await optionsUnder(turn, queue.id, null);
  if (roots.length === 0) {
    if (greet) await say(turn, queue.greetingMessage);
    await landInQueue(turn, queue);
    return;
  }
  turn.state.stage = 'options';
  turn.state.optionId = null;
  if (roots.length === 1) {
    if (greet) await say(turn, queue.greetingMessage);
    await chooseOption(turn, roots[0]);
    return;
  }
  await showOptions(turn, queue.greetingMessage, null);
}
