import { DEFAULT_TIME_ZONE, MESSAGES_PAGE_SIZE } from '@chatflow/contract';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, type MessageRow, messages, type TicketRow } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * One page of a ticket's messages: page 1 is the latest MESSAGES_PAGE_SIZE, each next page older
 * ones; within a page the oldest comes first, as the conversation shows them. Reads the
 * (ticket_id, created_at, id) index backwards and fetches one extra row to know whether older ones
 * exist, so no count over the whole ticket is needed.
 */
export async function listTicketMessages(db: DbOrTx, ticket: Pick<TicketRow, 'id' | 'companyId'>, pageNumber: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.ticketId, ticket.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * MESSAGES_PAGE_SIZE);
  const hasMore = rows.length > MESSAGES_PAGE_SIZE;
  // A ticket holds only its company's messages; the filter is a second lock on the door.
  const page = rows
    .slice(0, MESSAGES_PAGE_SIZE)
    .filter((m) => m.companyId === ticket.companyId)
    .reverse();
  return { rows: page, hasMore };
}

/** A message of the caller's company, or 404. */
export async function findCompanyMessage(db: DbOrTx, companyId: number, id: number): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Whether a message belongs to the ticket (a quoted reply may only quote its own conversation). */
export async function messageInTicket(db: DbOrTx, ticketId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.id, id)));
  return Boolean(row);
}

/** The company's messages, optionally only sent or received ones, between two days of its time zone. */
export async function countCompanyMessages(
  db: DbOrTx,
  companyId: number,
  filter: { fromMe?: boolean; dateStart?: string; dateEnd?: string },
): Promise<number> {
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  const where: SQL[] = [eq(messages.companyId, companyId)];
  if (filter.fromMe !== undefined) where.push(eq(messages.fromMe, filter.fromMe));
  if (filter.dateStart) where.push(gte(messages.createdAt, startOfDay(filter.dateStart, zone)));
  if (filter.dateEnd) where.push(lt(messages.createdAt, startOfDay(nextDay(filter.dateEnd), zone)));
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(...where));
  return Number(row?.n ?? 0);
}

const nextDay = (day: string) =>
  new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) + 1)).toISOString().slice(0, 10);

/** How far a time zone's wall clock is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (the offset read at that day, so DST is honoured). */
function startOfDay(day: string, timeZone: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const guess = new Date(utcMidnight.getTime() - zoneOffsetMs(utcMidnight, timeZone));
  return new Date(utcMidnight.getTime() - zoneOffsetMs(guess, timeZone));
}
