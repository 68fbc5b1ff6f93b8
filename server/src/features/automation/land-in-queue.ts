import { and, count, eq, isNull, lte } from 'drizzle-orm';
import { type QueueRow, tickets } from '../../db/schema';
import { leaveBot } from './leave-bot';
import { onlineUsersOf } from './online-users';
import { queueById } from './queues-of';
import { rotate } from './rotation';
import { say } from './say';
import { texts } from './texts';
import { logTicket, moveTicket, settingOn, type Turn } from './turn';

/** The ticket's place among the queue's waiting tickets without an agent (1 = next). */
async function queuePosition(turn: Turn, queueId: number): Promise<number> {
  const [row] = await turn.tx
    .select({ n: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, turn.ticket.companyId),
        eq(tickets.queueId, queueId),
        eq(tickets.status, 'pending'),
        isNull(tickets.userId),
        lte(tickets.id, turn.ticket.id),
      ),
    );
  // This ticket's own move into the queue is not written yet: count it whatever the table says.
  const others = Number(row?.n ?? 0) - (turn.before.queueId === queueId && turn.before.userId === null ? 1 : 0);
  return others + 1;
}

/**
 * The chatbot is done and the ticket waits in its queue. Then, for a ticket no agent holds: the
 * queue's rotation (ativarRoteador) offers it to its online agents in turn, else userRandom gives it
 * to one of them at random; with sendQueuePosition the customer learns its place in the queue.
 */
export async function landInQueue(turn: Turn, known?: QueueRow): Promise<void> {
  await leaveBot(turn);
  const { ticket } = turn;
  if (ticket.status !== 'pending' || ticket.queueId === null) return;
  const queue = known ?? (await queueById(turn, ticket.queueId));
  if (!queue) return;
  if (ticket.userId === null) {
    if (queue.ativarRoteador && queue.tempoRoteador > 0) await rotate(turn, queue);
    else if (settingOn(turn, 'userRandom')) {
      const online = await onlineUsersOf(turn, queue.id);
      if (online.length > 0) moveTicket(turn, { userId: online[Math.floor(Math.random() * online.length)] });
    }
  }
  if (settingOn(turn, 'sendQueuePosition') && turn.ticket.userId === null) {
    await say(turn, texts.queuePosition(turn.settings.sendQueuePositionMessage ?? '', await queuePosition(turn, queue.id)));
  }
}

/** An option that closes the ticket (closeTicket): its message was said, the ticket is resolved by the bot. */
export async function closeByBot(turn: Turn): Promise<void> {
  await leaveBot(turn);
  moveTicket(turn, { status: 'closed' });
  logTicket(turn, { type: 'closed', userId: null });
}
