import { eq } from 'drizzle-orm';
import { ticketAutomations, tickets } from '../../db/schema';
import { addTicketLogs, emitTicketChange } from '../tickets';
import { flushSaid } from './say';
import type { Turn } from './turn';

const CHANGEABLE = ['queueId', 'userId', 'status', 'isBot', 'amountUsedBotQueues', 'useIntegration', 'integrationId', 'promptId'] as const;

/**
 * Writes what the turn changed, in its transaction: the ticket's fields, its log entries and the
 * engine's state (with the newest answered message). Screens hear of the ticket after commit.
 */
export async function saveTurn(turn: Turn): Promise<void> {
  await flushSaid(turn);
  const { tx, ticket, before, state } = turn;
  const changed = CHANGEABLE.filter((k) => ticket[k] !== before[k]);
  if (changed.length > 0) {
    const [after] = await tx
      .update(tickets)
      .set({ ...Object.fromEntries(changed.map((k) => [k, ticket[k]])), updatedAt: turn.now })
      .where(eq(tickets.id, ticket.id))
      .returning();
    Object.assign(ticket, after);
    emitTicketChange(tx, { db: turn.deps.db, companyId: ticket.companyId, realtime: turn.deps.realtime }, before, after);
  }
  await addTicketLogs(tx, ticket, turn.logs);
  turn.logs = [];
  const values = {
    stage: state.stage,
    optionId: state.optionId,
    lastMessageId: state.lastMessageId,
    menuSentAt: state.menuSentAt,
    inactiveSentFor: state.inactiveSentFor,
  };
  await tx
    .insert(ticketAutomations)
    .values({ ticketId: ticket.id, companyId: ticket.companyId, ...values })
    .onConflictDoUpdate({ target: ticketAutomations.ticketId, set: { ...values, updatedAt: turn.now } });
}
