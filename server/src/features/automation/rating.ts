import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import { type MessageRow, messages, type TicketRow, ticketTrackings, tickets, userRatings } from '../../db/schema';
import { sendBotMessage } from '../messages';
import { awaitingRatingWhere } from './awaiting-rating';
import { emitTicketDeleted } from '../tickets';
import { texts } from './texts';
import type { Turn } from './turn';

/** A rating answer: a whole number from 0 to 10 (the NPS scale, spec 2 §5), nothing else. */
export function parseRating(text: string): number | null {
  const m = /^\s*(10|[0-9])\s*$/.exec(text);
  return m ? Number(m[1]) : null;
}

/** Read on every new ticket's first turn, hence prepared (db/prepared.ts). */
const awaitingRatingStatement = preparedStatement((db) =>
  db
    .select({ tracking: ticketTrackings, ticket: tickets })
    .from(ticketTrackings)
    .innerJoin(tickets, eq(tickets.id, ticketTrackings.ticketId))
    .where(awaitingRatingWhere(tickets, sql.placeholder('contactId'), sql.placeholder('connectionId')))
    .orderBy(desc(ticketTrackings.ratingAt))
    .limit(1)
    .prepare('automation_awaiting_rating'),
);

/** The contact's newest attendance on this connection that asked for a rating and got none yet. */
async function awaitingRating(turn: Turn) {
  const [row] = await awaitingRatingStatement(turn.tx).execute({ contactId: turn.ticket.contactId, connectionId: turn.connection.id });
  return row ?? null;
}

/** Customer messages the rated ticket got since the request: the answers already tried. */
async function attemptsSince(turn: Turn, ticketId: number, since: Date): Promise<number> {
  const [row] = await turn.tx
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false), gte(messages.createdAt, since)));
  return Number(row?.n ?? 0);
}

async function onlyMessageOf(turn: Turn): Promise<boolean> {
  const [row] = await turn.tx.select({ n: count() }).from(messages).where(eq(messages.ticketId, turn.ticket.id));
  return Number(row?.n ?? 0) === 1;
}

const sayOn = (turn: Turn, ticket: TicketRow, text: string) =>
  sendBotMessage(
    turn.tx,
    { db: turn.deps.db, companyId: ticket.companyId, realtime: turn.deps.realtime, jobs: turn.deps.jobs, config: turn.deps.config },
    ticket,
    text,
  );

/**
 * The customer's answer to a rating request (resolve with userRating on sent the connection's
 * ratingMessage). A closed ticket takes no messages, so the answer opened a new ticket: when it is
 * that ticket's only message, within expiresTicketNPS minutes of the request (0 = no expiry) and
 * within maxUseBotQueuesNPS tries, the message moves to the rated ticket and the new ticket goes.
 * 0 to 10 is stored as the attendance's rating (user_ratings, for its agent) and thanked; anything
 * else asks again. Past the expiry or the tries, the message is a new conversation (false).
 */
export async function takeRatingAnswer(turn: Turn, message: MessageRow): Promise<boolean> {
  if (!turn.fresh || turn.ticket.isGroup || !turn.mayAnswerRating) return false;
  const awaiting = await awaitingRating(turn);
  if (!awaiting?.tracking.ratingAt) return false;
  const { tracking, ticket: rated } = awaiting;
  const { expiresTicketNPS, maxUseBotQueuesNPS } = turn.connection;
  const asked = tracking.ratingAt!;
  if (expiresTicketNPS > 0 && turn.now.getTime() - asked.getTime() > expiresTicketNPS * 60_000) return false;
  if (maxUseBotQueuesNPS > 0 && (await attemptsSince(turn, rated.id, asked)) >= maxUseBotQueuesNPS) return false;
  if (!(await onlyMessageOf(turn))) return false;

  await turn.tx.update(messages).set({ ticketId: rated.id, queueId: rated.queueId }).where(eq(messages.id, message.id));
  await turn.tx.delete(tickets).where(eq(tickets.id, turn.ticket.id));
  const gone = turn.ticket;
  turn.tx.afterCommit(() => emitTicketDeleted(turn.deps.realtime, gone.companyId, gone));

  const rate = parseRating(message.body);
  if (rate === null) {
    await sayOn(turn, rated, `${texts.ratingInvalid}\n\n${turn.connection.ratingMessage}`.trim());
    return true;
  }
  await turn.tx
    .insert(userRatings)
    .values({ companyId: rated.companyId, ticketId: rated.id, userId: tracking.userId ?? rated.userId, rate });
  await turn.tx.update(ticketTrackings).set({ rated: true, updatedAt: turn.now }).where(eq(ticketTrackings.id, tracking.id));
  await sayOn(turn, rated, texts.ratingThanks);
  return true;
}
