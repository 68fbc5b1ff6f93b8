import type { QueueRow } from '../../db/schema';
import { withinSchedule } from './hours';
import { landInQueue, closeByBot } from './land-in-queue';
import { leaveBot } from './leave-bot';
import { handToBot } from './hand-to-bot';
import { parseMenuAnswer } from './menu';
import { optionsUnder, optionById } from './options';
import { queueById } from './queues-of';
import { say } from './say';
import { sendMenu } from './send-menu';
import { texts } from './texts';
import { startQueueFlow } from '../flow-runtime';
import { flowOfIntegration, flowOfQueue } from './queue-flow';
import { logTicket, moveTicket, queuesOfTurn, settingOn, type Turn } from './turn';
import { eq, and } from 'drizzle-orm';
import { fileListOptions, fileLists, type QueueOptionRow } from '../../db/schema';

// The chatbot's menus: the first level (which queue) and the levels below a queue (its option tree,
// spec 2 §3 Chatbot option). One file, as each level can lead to the other (back to the queues, an option to a queue).

/** The queue menu, headed by `header` (the connection's greeting, or the invalid-answer line). */
export async function showQueueMenu(turn: Turn, header: string): Promise<void> {
  turn.state.stage = 'queue';
  turn.state.optionId = null;
  await sendMenu(turn, header, await queuesOfTurn(turn), false, true);
}

/**
 * A ticket's first turn: a ticket already in a queue (the connection's only one, or set by hand)
 * goes straight into it; a connection with one queue picks it; with several, the greeting and the
 * queue menu. With one queue, greetings are sent only when sendGreetingMessageOneQueues is on.
 */
export async function startQueues(turn: Turn): Promise<void> {
  // The connection's own bot (integrationId, promptId) takes the customer before any menu.
  if (await handToBot(turn, { integrationId: turn.connection.integrationId, promptId: turn.connection.promptId, queueId: null })) return;
  const queues = await queuesOfTurn(turn);
  const single = queues.length === 1;
  const greet = !single || settingOn(turn, 'sendGreetingMessageOneQueues');
  const current = turn.ticket.queueId === null ? (single ? queues[0] : null) : await queueById(turn, turn.ticket.queueId);
  if (current) {
    if (greet) await say(turn, turn.connection.greetingMessage);
    await enterQueue(turn, current, greet);
    return;
  }
  if (queues.length === 0) {
    // Nothing to route to: the greeting alone, and the ticket waits for any agent.
    await say(turn, turn.connection.greetingMessage);
    await leaveBot(turn);
    return;
  }
  await showQueueMenu(turn, turn.connection.greetingMessage);
}

/** The customer's answer to the queue menu: a queue's number, else the menu again. */
export async function answerQueueMenu(turn: Turn, text: string): Promise<void> {
  const queues = await queuesOfTurn(turn);
  const answer = parseMenuAnswer(text, queues.length);
  if (answer.kind === 'choice') await enterQueue(turn, queues[answer.index], true);
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
  // A queue whose integration is a flow: the flow takes the ticket from here instead of the queue's options.
  if (await startQueueFlow(turn.tx, turn.deps, turn.ticket, await flowOfQueue(turn, queue))) {
    if (greet) await say(turn, queue.greetingMessage);
    await leaveBot(turn);
    return;
  }
  // A queue with an integration or an AI prompt hands its customers to that bot.
  if (await handToBot(turn, { integrationId: queue.integrationId, promptId: null, queueId: queue.id })) return;
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

/** Whether a level has a way back: below the roots always, at the roots when there is a queue menu to return to. */
const canGoBack = async (turn: Turn, parentId: number | null) => parentId !== null || (await queuesOfTurn(turn)).length > 1;

/** The options under `parentId` as a menu; a level whose options all lead nowhere lands the ticket. */
export async function showOptions(turn: Turn, header: string, parentId: number | null): Promise<void> {
  const queueId = turn.ticket.queueId;
  if (queueId === null) return showQueueMenu(turn, texts.invalidOption);
  const items = await optionsUnder(turn, queueId, parentId);
  turn.state.stage = 'options';
  turn.state.optionId = parentId;
  if (items.length === 0) return landInQueue(turn);
  await sendMenu(turn, header, items, await canGoBack(turn, parentId));
}

/** The customer's answer at the current level: an option's number, the way back, else the level again. */
export async function answerOptions(turn: Turn, text: string): Promise<void> {
  const queueId = turn.ticket.queueId;
  if (queueId === null) return showQueueMenu(turn, texts.invalidOption);
  const parentId = turn.state.optionId;
  const items = await optionsUnder(turn, queueId, parentId);
  const answer = parseMenuAnswer(text, items.length);
  if (answer.kind === 'choice') return chooseOption(turn, items[answer.index]);
  if (answer.kind === 'back' && (await canGoBack(turn, parentId))) return goBack(turn, queueId, parentId);
  await showOptions(turn, texts.invalidOption, parentId);
}

/** One level up: the parent's siblings (headed by their parent's message), or from the roots the queue menu. */
async function goBack(turn: Turn, queueId: number, parentId: number | null): Promise<void> {
  if (parentId === null) {
    moveTicket(turn, { queueId: null });
    return showQueueMenu(turn, turn.connection.greetingMessage);
  }
  const up = (await optionById(turn, parentId))?.parentId ?? null;
  const header =
    up === null ? ((await queueById(turn, queueId))?.greetingMessage ?? '') : ((await optionById(turn, up))?.greetingMessage ?? '');
  await showOptions(turn, header, up);
}

/** What choosing an option does, by its type; its message goes first. */
export async function chooseOption(turn: Turn, option: QueueOptionRow): Promise<void> {
  switch (option.queueType) {
    case 'text':
      return chooseText(turn, option);
    case 'attendent':
      await say(turn, option.greetingMessage);
      moveTicket(turn, { userId: option.optUserId, status: 'open' });
      logTicket(turn, { type: 'open', userId: option.optUserId });
      await leaveBot(turn);
      if (option.closeTicket) await closeByBot(turn);
      return;
    case 'queue':
      return chooseQueue(turn, option);
    case 'file':
      return chooseFile(turn, option);
    case 'integration':
      return chooseIntegration(turn, option);
  }
}

/**
 * An integration option: the integration takes the ticket as a queue's own does (enterQueue): a
 * flowbuilder integration starts its flow, any other becomes the ticket's bot (which answers the
 * customer's choice and what follows); the option's message goes first. An integration deleted since,
 * or one the plan no longer allows, leaves the customer at this level.
 */
async function chooseIntegration(turn: Turn, option: QueueOptionRow): Promise<void> {
  const integrationId = option.optIntegrationId;
  const flowId = integrationId === null ? null : await flowOfIntegration(turn, integrationId);
  if (await startQueueFlow(turn.tx, turn.deps, turn.ticket, flowId)) {
    await say(turn, option.greetingMessage);
    await leaveBot(turn);
    return;
  }
  if (await handToBot(turn, { integrationId, promptId: null, queueId: null })) {
    await say(turn, option.greetingMessage);
    return;
  }
  turn.deps.log.warn({ optionId: option.id, ticketId: turn.ticket.id }, 'chatbot option skipped: its integration is not available');
  await showOptions(turn, texts.invalidOption, turn.state.optionId);
}

/** A text option: its message, then its children (one is chosen at once); a leaf lands or closes the ticket. */
async function chooseText(turn: Turn, option: QueueOptionRow): Promise<void> {
  const children = await optionsUnder(turn, option.queueId, option.id);
  if (children.length === 0) {
    await say(turn, option.greetingMessage);
    if (option.closeTicket) return closeByBot(turn);
    return landInQueue(turn);
  }
  turn.state.optionId = option.id;
  if (children.length === 1) {
    await say(turn, option.greetingMessage);
    return chooseOption(turn, children[0]);
  }
  await sendMenu(turn, option.greetingMessage, children, true);
}

/** A queue option: the ticket moves to that queue and walks its menu (or is closed when the option says so). */
async function chooseQueue(turn: Turn, option: QueueOptionRow): Promise<void> {
  const target = option.optQueueId === null ? null : await queueById(turn, option.optQueueId);
  if (!target) {
    turn.deps.log.warn({ optionId: option.id, ticketId: turn.ticket.id }, 'chatbot option skipped: its queue was deleted');
    return showOptions(turn, texts.invalidOption, turn.state.optionId);
  }
  await say(turn, option.greetingMessage);
  if (option.closeTicket) return closeByBot(turn);
  await enterQueue(turn, target, true);
}

/** A file option: the list's message and each of its uploaded files; the customer stays at this level. */
async function chooseFile(turn: Turn, option: QueueOptionRow): Promise<void> {
  const [list] =
    option.optFileId === null
      ? []
      : await turn.tx
          .select()
          .from(fileLists)
          .where(and(eq(fileLists.id, option.optFileId), eq(fileLists.companyId, turn.ticket.companyId)));
  if (!list) {
    turn.deps.log.warn({ optionId: option.id, ticketId: turn.ticket.id }, 'chatbot option skipped: its file list was deleted');
    return showOptions(turn, texts.invalidOption, turn.state.optionId);
  }
  await say(turn, list.message || option.greetingMessage);
  const files = await turn.tx.select().from(fileListOptions).where(eq(fileListOptions.fileListId, list.id)).orderBy(fileListOptions.id);
  for (const file of files) {
    if (!file.path) continue; // not uploaded yet
    await say(turn, file.name, { mediaType: file.mediaType || 'document', mediaUrl: file.path, mediaName: file.name });
  }
  if (option.closeTicket) await closeByBot(turn);
}
