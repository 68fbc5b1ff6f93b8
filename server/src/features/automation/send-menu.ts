import { type MenuItem, renderMenu } from './menu';
import { say } from './say';
import { leaveBot } from './leave-bot';
import { logTicket, moveTicket, type Turn } from './turn';

/**
 * Whether the ticket may be shown another menu: the connection's maxUseBotQueues bounds the menus
 * a ticket gets (0 = no bound); once reached, timeUseBotQueues minutes after the last one the count
 * starts again (0 = never).
 */
function menuAllowed(turn: Turn): boolean {
  const { maxUseBotQueues, timeUseBotQueues } = turn.connection;
  if (maxUseBotQueues <= 0 || turn.ticket.amountUsedBotQueues < maxUseBotQueues) return true;
  const last = turn.state.menuSentAt;
  if (timeUseBotQueues > 0 && last && turn.now.getTime() - last.getTime() >= timeUseBotQueues * 60_000) {
    moveTicket(turn, { amountUsedBotQueues: 0 });
    return true;
  }
  return false;
}

/**
 * Sends a numbered menu. The queue menu is counted (amountUsedBotQueues): past the limit the bot
 * stops asking and the ticket waits for an agent where it is. Option levels below a queue are not
 * counted, so a customer walking a deep tree is never cut off halfway. The first menu logs 'chatBot'.
 */
export async function sendMenu(turn: Turn, header: string, items: MenuItem[], canGoBack: boolean, counted = false): Promise<void> {
  if (counted && !menuAllowed(turn)) {
    // With a waiting time the bot only pauses (it asks again once the time has passed); without, it is done.
    if (turn.connection.timeUseBotQueues > 0) moveTicket(turn, { isBot: false });
    else await leaveBot(turn);
    return;
  }
  if (!turn.ticket.isBot) logTicket(turn, { type: 'chatBot', userId: null });
  await say(turn, renderMenu(header, items, canGoBack));
  moveTicket(turn, { isBot: true, ...(counted ? { amountUsedBotQueues: turn.ticket.amountUsedBotQueues + 1 } : {}) });
  turn.state.menuSentAt = turn.now;
}
