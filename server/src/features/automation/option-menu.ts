import { eq } from 'drizzle-orm';
import { fileListOptions, fileLists, type QueueOptionRow } from '../../db/schema';
import { and } from 'drizzle-orm';
import { closeByBot, landInQueue } from './land-in-queue';
import { leaveBot } from './leave-bot';
import { parseMenuAnswer } from './menu';
import { optionById, optionsUnder } from './options';
import { enterQueue, showQueueMenu } from './queue-menu';
import { queueById } from './queues-of';
import { say } from './say';
import { sendMenu } from './send-menu';
import { texts } from './texts';
import { logTicket, moveTicket, type Turn } from './turn';

// The levels below a queue: its chatbot option tree (spec 2 §3 Chatbot option).

/** Whether a level has a way back: below the roots always, at the roots when there is a queue menu to return to. */
const canGoBack = (turn: Turn, parentId: number | null) => parentId !== null || turn.queues.length > 1;

/** The options under `parentId` as a menu; a level whose options all lead nowhere lands the ticket. */
export async function showOptions(turn: Turn, header: string, parentId: number | null): Promise<void> {
  const queueId = turn.ticket.queueId;
  if (queueId === null) return showQueueMenu(turn, texts.invalidOption);
  const items = await optionsUnder(turn, queueId, parentId);
  turn.state.stage = 'options';
  turn.state.optionId = parentId;
  if (items.length === 0) return landInQueue(turn);
  await sendMenu(turn, header, items, canGoBack(turn, parentId));
}

/** The customer's answer at the current level: an option's number, the way back, else the level again. */
export async function answerOptions(turn: Turn, text: string): Promise<void> {
  const queueId = turn.ticket.queueId;
  if (queueId === null) return showQueueMenu(turn, texts.invalidOption);
  const parentId = turn.state.optionId;
  const items = await optionsUnder(turn, queueId, parentId);
  const answer = parseMenuAnswer(text, items.length);
  if (answer.kind === 'choice') return chooseOption(turn, items[answer.index]);
  if (answer.kind === 'back' && canGoBack(turn, parentId)) return goBack(turn, queueId, parentId);
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
    default:
      // optionsUnder never offers an integration; a stale tree answers with its level again.
      return showOptions(turn, texts.invalidOption, turn.state.optionId);
  }
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
