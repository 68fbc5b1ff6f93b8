import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import { ticketAutomations, tickets } from '../../db/schema';
import { addTicketLogs, emitTicketChange } from '../tickets';
import { flushSaid } from './say';
import type { Turn } from './turn';

const CHANGEABLE = ['queueId', 'userId', 'status', 'isBot', 'amountUsedBotQueues', 'useIntegration', 'integrationId', 'promptId'] as const;

/** The ticket's fields the turn changed. */
export const ticketChanges = (turn: Turn) => CHANGEABLE.filter((k) => turn.ticket[k] !== turn.before[k]);

/** The engine's state, written at the end of every turn (every customer message), hence prepared. */
const saveStateStatement = preparedStatement((db) =>
  db
    .insert(ticketAutomations)
    .values({
      ticketId: sql.placeholder('ticketId'),
      companyId: sql.placeholder('companyId'),
      stage: sql.placeholder('stage'),
      optionId: sql.placeholder('optionId'),
      lastMessageId: sql.placeholder('lastMessageId'),
      // As SQL, not a bare placeholder: drizzle would run the column's encoder on a null (toISOString).
      menuSentAt: sql`${sql.placeholder('menuSentAt')}::timestamptz`,
      inactiveSentFor: sql.placeholder('inactiveSentFor'),
    })
    .onConflictDoUpdate({
      target: ticketAutomations.ticketId,
      set: {
        stage: sql`excluded.stage`,
        optionId: sql`excluded.option_id`,
        lastMessageId: sql`excluded.last_message_id`,
        menuSentAt: sql`excluded.menu_sent_at`,
        inactiveSentFor: sql`excluded.inactive_sent_for`,
        updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      },
    })
    .prepare('automation_save_state'),
);

/**
 * Writes what the turn changed, in its transaction: the ticket's fields, its log entries and the
 * engine's state (with the newest answered message). Screens hear of the ticket after commit.
 */
export async function saveTurn(turn: Turn): Promise<void> {
  await flushSaid(turn);
  const { tx, ticket, before, state } = turn;
  const changed = ticketChanges(turn);
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
  await saveStateStatement(tx).execute({
    ticketId: ticket.id,
    companyId: ticket.companyId,
    stage: state.stage,
    optionId: state.optionId,
    lastMessageId: state.lastMessageId,
    menuSentAt: state.menuSentAt,
    inactiveSentFor: state.inactiveSentFor,
    now: turn.now,
  });
}
