import type { Turn } from './turn';
import { moveTicket } from './turn';

/** The chatbot is done with the ticket: it waits for an agent, and the bot stays quiet on it. */
export async function leaveBot(turn: Turn): Promise<void> {
  turn.state.stage = 'done';
  turn.state.optionId = null;
  moveTicket(turn, { isBot: false });
}
