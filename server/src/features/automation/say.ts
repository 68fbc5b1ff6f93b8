import { type BotFile, sendBotMessage } from '../messages';
import type { Turn } from './turn';

const send = (turn: Turn, body: string, file?: BotFile) =>
  sendBotMessage(
    turn.tx,
    { db: turn.deps.db, companyId: turn.ticket.companyId, realtime: turn.deps.realtime, jobs: turn.deps.jobs, config: turn.deps.config },
    turn.ticket,
    body,
    file,
  );

/**
 * What the bot says in a turn. Texts are gathered and sent as one message when the turn is saved
 * (flushSaid): messages of one transaction leave in parallel after its commit, so separate texts
 * could reach the phone out of order, and a greeting followed by its menu must read in that order.
 * A file first sends what was said before it. A blank text says nothing.
 */
export async function say(turn: Turn, text: string | null | undefined, file?: BotFile): Promise<void> {
  const body = (text ?? '').trim();
  if (file) {
    await flushSaid(turn);
    await send(turn, body, file);
    return;
  }
  if (body) turn.said.push(body);
}

/** Sends the texts said so far as one message, paragraphs in the order they were said. */
export async function flushSaid(turn: Turn): Promise<void> {
  if (turn.said.length === 0) return;
  const body = turn.said.join('\n\n');
  turn.said = [];
  await send(turn, body);
}
