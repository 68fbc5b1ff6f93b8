import { and, asc, eq, gt, lte } from 'drizzle-orm';
import {
  companies,
  type ConnectionRow,
  type ContactRow,
  connectionQueues,
  connections,
  contacts,
  type MessageRow,
  messages,
  type QueueRow,
  type QueueScheduleRow,
  queues,
  type TicketAutomationRow,
  type TicketRow,
  ticketAutomations,
  tickets,
} from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { companySettingsMap } from '../settings';
import type { LogEntry } from '../tickets';

/**
 * Everything one automation turn reads and changes, loaded in its transaction with the ticket row
 * locked: concurrent turns of one ticket (two quick answers, a timer) run one after the other.
 * `ticket` and `state` are edited in memory as the turn moves on and written once at its end.
 */
export interface Turn {
  tx: HookedTx;
  deps: JobDeps;
  now: Date;
  /** The ticket as locked, for the realtime event of its change. */
  before: TicketRow;
  ticket: TicketRow;
  contact: ContactRow;
  connection: ConnectionRow;
  /** The connection's queues in bot order (orderQueue, then id). */
  queues: QueueRow[];
  settings: Record<string, string>;
  timeZone: string;
  /** The company's service hours (scheduleType company). */
  companySchedules: QueueScheduleRow[];
  state: TicketAutomationRow;
  /** No state row existed: this is the ticket's first turn. */
  fresh: boolean;
  logs: LogEntry[];
  /** Texts said in this turn, sent as one message when it is saved (say.ts). */
  said: string[];
  /** The customer message being answered (a bot taking the ticket over answers it). */
  currentMessageId: number;
}

async function connectionQueuesOf(tx: HookedTx, connectionId: number): Promise<QueueRow[]> {
  const rows = await tx
    .select({ queue: queues })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(eq(connectionQueues.connectionId, connectionId))
    .orderBy(asc(queues.orderQueue), asc(queues.id));
  return rows.map((r) => r.queue);
}

const blankState = (ticket: TicketRow): TicketAutomationRow => ({
  ticketId: ticket.id,
  companyId: ticket.companyId,
  stage: 'queue',
  optionId: null,
  lastMessageId: 0,
  menuSentAt: null,
  inactiveSentFor: null,
  createdAt: new Date(),
  updatedAt: new Date(),
});

/** Locks the ticket and loads the turn; null when the ticket, its contact or its connection is gone. */
export async function loadTurn(tx: HookedTx, deps: JobDeps, ticketId: number): Promise<Turn | null> {
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  if (!ticket || ticket.connectionId === null) return null;
  const [row] = await tx
    .select({ contact: contacts, connection: connections, timeZone: companies.timeZone, companySchedules: companies.schedules })
    .from(contacts)
    .innerJoin(connections, eq(connections.id, ticket.connectionId))
    .innerJoin(companies, eq(companies.id, ticket.companyId))
    .where(eq(contacts.id, ticket.contactId));
  if (!row) return null;
  const [state] = await tx.select().from(ticketAutomations).where(eq(ticketAutomations.ticketId, ticket.id));
  return {
    tx,
    deps,
    now: deps.clock.now(),
    before: ticket,
    ticket: { ...ticket },
    contact: row.contact,
    connection: row.connection,
    queues: await connectionQueuesOf(tx, row.connection.id),
    settings: await companySettingsMap(tx, ticket.companyId),
    timeZone: row.timeZone,
    companySchedules: row.companySchedules,
    state: state ?? blankState(ticket),
    fresh: !state,
    logs: [],
    said: [],
    currentMessageId: 0,
  };
}

/** The ticket's customer messages not yet answered, up to `upToId`, oldest first. */
export function unansweredMessages(turn: Turn, upToId: number): Promise<MessageRow[]> {
  return turn.tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.ticketId, turn.ticket.id),
        eq(messages.fromMe, false),
        gt(messages.id, turn.state.lastMessageId),
        lte(messages.id, upToId),
      ),
    )
    .orderBy(asc(messages.id));
}

export const settingOn = (turn: Turn, key: string) => turn.settings[key] === 'enabled';

/** Ticket fields a turn changes, applied in memory; saveTurn writes them. */
export function moveTicket(
  turn: Turn,
  change: Partial<
    Pick<TicketRow, 'queueId' | 'userId' | 'status' | 'isBot' | 'amountUsedBotQueues' | 'useIntegration' | 'integrationId' | 'promptId'>
  >,
) {
  Object.assign(turn.ticket, change);
}

export function logTicket(turn: Turn, entry: Omit<LogEntry, 'queueId'> & { queueId?: number | null }) {
  turn.logs.push({ queueId: turn.ticket.queueId, ...entry });
}
