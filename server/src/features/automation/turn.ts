import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
  ticketTrackings,
  tickets,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { batchedReads, perDatabase, preparedStatement } from '../../db/prepared';
import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { flowHintsSql, type FlowHints } from '../flow-runtime';
import { companySettingsJsonSql, withSettingDefaults } from '../settings';
import { awaitingRatingWhere } from './awaiting-rating';
import { refusingDeps, refusingTx } from './refusing';
import { checksAsked, type ReplyCheck, replyChecksSql } from './reply-checks';
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
  /** The connection's queues in bot order, once read (queuesOfTurn); none without a read when the turn's read found none. */
  queues: QueueRow[] | null;
  settings: Record<string, string>;
  timeZone: string;
  /** The company's service hours (scheduleType company). */
  companySchedules: QueueScheduleRow[];
  state: TicketAutomationRow;
  /** No state row existed: this is the ticket's first turn. */
  fresh: boolean;
  /** Read with the ticket for the turn's first message; later messages of the turn read for themselves. */
  flowHints: FlowHints | undefined;
  /**
   * A first turn's hint: another attendance of the contact on this connection asked for a rating and
   * got none (rating.ts reads which only then). False on later turns.
   */
  mayAnswerRating: boolean;
  logs: LogEntry[];
  /** Texts said in this turn, sent as one message when it is saved (say.ts). */
  said: string[];
  /** The customer message being answered (a bot taking the ticket over answers it). */
  currentMessageId: number;
}

const connectionQueuesStatement = preparedStatement((db) =>
  db
    .select({ queue: queues })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(eq(connectionQueues.connectionId, sql.placeholder('connectionId')))
    .orderBy(asc(queues.orderQueue), asc(queues.id))
    .prepare('automation_connection_queues'),
);

/** The connection's queues in bot order (orderQueue, then id), read once per turn and only by the menus. */
export async function queuesOfTurn(turn: Turn): Promise<QueueRow[]> {
  turn.queues ??= (await connectionQueuesStatement(turn.tx).execute({ connectionId: turn.connection.id })).map((r) => r.queue);
  return turn.queues;
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

/**
 * What other features ask of every customer message (reply-checks.ts), answered by the turn's read
 * (so with no round trip of their own) and acted on in its transaction (answer.ts): the checks that
 * this message asks for.
 */
export type ReplyChecks = ReplyCheck[];
const replyChecksOf = (row: TurnRow): ReplyChecks => checksAsked(row.replyChecks);

/**
 * The turn's rows in one statement, the ticket locked (FOR UPDATE OF tickets): ticket, contact,
 * connection, company hours, the engine's state, the company's settings, the flows' hints, the
 * reply checks, the first turn's hints (queues, an awaited rating) and, for a customer message's
 * turn, that message and the ids of the customer messages it answers (those after the state's
 * lastMessageId up to it). A turn runs for every customer message, so each read
 * folded in here is a round trip saved while the ticket's lock is held (bench/results/inbound.md).
 * The callers run it as a named prepared statement: planning its joins and subqueries for every
 * customer message cost PostgreSQL several times running it (bench/results/code-figures.md); each
 * connection now plans it a few times and keeps the plan.
 */
/** The contact's other attendances, in the first turn's rating hint (the outer query reads `tickets`). */
const ratedTickets = alias(tickets, 'rated');

/**
 * `messageId` is the customer message the turn answers (0 for a timer's turn); `messageJoin` picks
 * the joined message row, by default that id (the batched peek below joins several, one row each).
 */
function turnRows(db: DbOrTx, messageId: SQL, messageJoin: SQL = eq(messages.id, messageId)) {
  return db
    .select({
      replyChecks: replyChecksSql({ ticketId: tickets.id, companyId: contacts.companyId, number: contacts.number }),
      ticket: tickets,
      contact: contacts,
      connection: connections,
      timeZone: companies.timeZone,
      companySchedules: companies.schedules,
      state: ticketAutomations,
      settings: companySettingsJsonSql(tickets.companyId),
      hasFlowRuns: flowHintsSql.hasRuns,
      hasPhraseCampaigns: flowHintsSql.hasPhraseCampaigns,
      hasQueues: sql<boolean>`exists(select 1 from ${connectionQueues} where ${connectionQueues.connectionId} = ${tickets.connectionId})`,
      // Only a first turn (no state yet) asks; CASE keeps later turns from paying the probe.
      mayAnswerRating: sql<boolean>`case when ${ticketAutomations.ticketId} is null then exists(${db
        .select({ one: sql`1` })
        .from(ticketTrackings)
        .innerJoin(ratedTickets, eq(ratedTickets.id, ticketTrackings.ticketId))
        .where(awaitingRatingWhere(ratedTickets, tickets.contactId, tickets.connectionId))}) else false end`,
      message: messages,
      unansweredIds: sql<(string | number)[]>`(select coalesce(array_agg(u.id order by u.id), '{}') from messages u
        where u.ticket_id = ${tickets.id} and u.from_me = false
        and u.id > coalesce(${ticketAutomations.lastMessageId}, 0) and u.id <= ${messageId})`,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(connections, eq(connections.id, tickets.connectionId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(ticketAutomations, eq(ticketAutomations.ticketId, tickets.id))
    .leftJoin(messages, and(messageJoin, eq(messages.ticketId, tickets.id)));
}
type TurnRow = Awaited<ReturnType<typeof turnRows>>[number];

function turnOf(tx: HookedTx, deps: JobDeps, row: TurnRow): Turn {
  return {
    tx,
    deps,
    now: deps.clock.now(),
    before: row.ticket,
    ticket: { ...row.ticket },
    contact: row.contact,
    connection: row.connection,
    queues: row.hasQueues ? null : [],
    settings: withSettingDefaults(row.settings),
    timeZone: row.timeZone,
    companySchedules: row.companySchedules,
    state: row.state ?? blankState(row.ticket),
    fresh: !row.state,
    flowHints: { hasRuns: row.hasFlowRuns, hasPhraseCampaigns: row.hasPhraseCampaigns },
    mayAnswerRating: row.mayAnswerRating,
    logs: [],
    said: [],
    currentMessageId: 0,
  };
}

const ticketTurnStatement = preparedStatement((db) =>
  turnRows(db, sql`0`)
    .where(eq(tickets.id, sql.placeholder('ticketId')))
    .for('update', { of: tickets })
    .prepare('automation_turn_of_ticket'),
);

/** Locks the ticket and loads the turn (of a timer); null when the ticket, its contact or its connection is gone. */
export async function loadTurn(tx: HookedTx, deps: JobDeps, ticketId: number): Promise<Turn | null> {
  const [row] = await ticketTurnStatement(tx).execute({ ticketId });
  return row ? turnOf(tx, deps, row) : null;
}

const messageTurnStatement = preparedStatement((db) => {
  const id = sql`${sql.placeholder('messageId')}::bigint`;
  return turnRows(db, id)
    .where(eq(tickets.id, sql`(select m.ticket_id from messages m where m.id = ${id})`))
    .for('update', { of: tickets })
    .prepare('automation_turn_of_message');
});

/** Messages peeked together, at most: one parameter each, so PostgreSQL keeps one generic plan (see the announcement's read). */
const PEEK_SLOTS = 8;
const peekSlots = Array.from({ length: PEEK_SLOTS }, (_, i) => sql`${sql.placeholder(`id${i}`)}::bigint`);

/**
 * The peek of up to PEEK_SLOTS messages in one statement: each message's turn row, the message
 * joined by its own id (so `messageId` is the joined row's id, and two messages of one ticket are two rows).
 */
const messagesPeekStatement = preparedStatement((db) =>
  turnRows(db, sql`${messages.id}`, sql`${messages.id} in (${sql.join(peekSlots, sql`, `)})`)
    .where(sql`${tickets.id} in (select m.ticket_id from messages m where m.id in (${sql.join(peekSlots, sql`, `)}))`)
    .prepare('automation_peek_of_messages'),
);

/** Slots left over get ids no message has, each a different one (a repeated id made a custom plan look cheaper). */
function peekSlotValues(ids: number[]): Record<string, number> {
  return Object.fromEntries(Array.from({ length: PEEK_SLOTS }, (_, i) => [`id${i}`, ids[i] ?? -(i + 1)]));
}

/**
 * The peeks asked for while others are on their way share a statement (every customer message is
 * peeked once committed, so under load one round trip serves several).
 */
const peekReader = perDatabase((db) =>
  batchedReads<number, TurnRow>(
    async (ids) => {
      const rows = await messagesPeekStatement(db).execute(peekSlotValues(ids));
      const byMessage = new Map(rows.map((row) => [Number(row.message!.id), row]));
      return ids.map((id) => byMessage.get(id));
    },
    { maxKeys: PEEK_SLOTS },
  ),
);

/**
 * The turn of a customer message as loadMessageTurn reads it, but without a transaction or the
 * ticket's lock, to play it from its read (quiet-turn.ts): its `tx` and its deps' database, jobs and
 * sockets refuse any use (refusing.ts). Null when loadMessageTurn would not answer the message alone
 * (message gone or the company's own, or a backlog).
 */
export async function peekMessageTurn(
  deps: JobDeps,
  messageId: number,
): Promise<{ turn: Turn; message: MessageRow; checks: ReplyChecks } | null> {
  const row = await peekReader(deps.db)(messageId);
  if (!row?.message || row.message.fromMe) return null;
  const ids = row.unansweredIds.map(Number);
  if (ids.length !== 1 || ids[0] !== messageId) return null;
  return { turn: turnOf(refusingTx, refusingDeps(deps), row), message: row.message, checks: replyChecksOf(row) };
}

/**
 * The turn of a customer message and the messages it answers, oldest first: usually the message
 * alone, read in the turn's statement; a backlog (turns that did not run) is read again in full.
 * Null when the message is gone or the company's own, or its ticket, contact or connection is gone.
 */
export async function loadMessageTurn(
  tx: HookedTx,
  deps: JobDeps,
  messageId: number,
): Promise<{ turn: Turn; unanswered: MessageRow[]; checks: ReplyChecks } | null> {
  const [row] = await messageTurnStatement(tx).execute({ messageId });
  if (!row?.message || row.message.fromMe) return null;
  const turn = turnOf(tx, deps, row);
  const checks = replyChecksOf(row);
  const ids = row.unansweredIds.map(Number);
  if (ids.length === 0) return { turn, unanswered: [], checks };
  if (ids.length === 1 && ids[0] === messageId) return { turn, unanswered: [row.message], checks };
  return { turn, unanswered: await unansweredMessages(turn, messageId), checks };
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
