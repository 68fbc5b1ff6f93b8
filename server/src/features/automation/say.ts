import { type BotFile, sendBotMessage } from '../messages';
import type { Turn } from './turn';

/** Sends the bot's text (nothing when it is blank) to the turn's customer, in the turn's transaction. */
export async function say(turn: Turn, text: string | null | undefined, file?: BotFile): Promise<void> {
  const body = (text ?? '').trim();
  if (!body && !file) return;
  const { deps, ticket } = turn;
  await sendBotMessage(
    turn.tx,
    { db: deps.db, companyId: ticket.companyId, realtime: deps.realtime, jobs: deps.jobs, config: deps.config },
    ticket,
    body,
    file,
  );
}
