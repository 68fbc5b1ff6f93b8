import type { TicketLogType } from '@chatflow/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { type TicketRow, ticketLogs, ticketTrackings } from '../../db/schema';

export interface LogEntry {
  type: TicketLogType;
  userId: number | null;
  queueId: number | null;
}

/** Appends entries to the ticket's timeline (GET /tickets-log). */
export async function addTicketLogs(db: DbOrTx, ticket: Pick<TicketRow, 'id' | 'companyId'>, entries: LogEntry[]) {
  if (entries.length === 0) return;
  await db.insert(ticketLogs).values(entries.map((e) => ({ ...e, companyId: ticket.companyId, ticketId: ticket.id })));
}

/** addTicketLogs for many tickets in one statement (a campaign step's tickets). */
export async function addManyTicketLogs(db: DbOrTx, items: { ticket: Pick<TicketRow, 'id' | 'companyId'>; entries: LogEntry[] }[]) {
  const values = items.flatMap(({ ticket, entries }) => entries.map((e) => ({ ...e, companyId: ticket.companyId, ticketId: ticket.id })));
  await insertRows(db, ticketLogs, values, { returning: false });
}

/**
 * Timings for reports live in ticket_trackings: one row per attendance, from queued (waiting)
 * through started (an agent took it) to finished (closed), plus when a rating was asked.
 * The row in progress is the newest one not finished; a ticket made before trackings existed
 * (or by the pipeline without one) gets it on its first change, queued since the ticket's creation.
 */
async function currentTrackingId(db: DbOrTx, ticket: TicketRow): Promise<number> {
  const [row] = await db
    .select({ id: ticketTrackings.id })
    .from(ticketTrackings)
    .where(and(eq(ticketTrackings.ticketId, ticket.id), isNull(ticketTrackings.finishedAt)))
    .orderBy(desc(ticketTrackings.id))
    .limit(1);
  if (row) return row.id;
  const [created] = await db
    .insert(ticketTrackings)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      connectionId: ticket.connectionId,
      queueId: ticket.queueId,
      userId: ticket.userId,
      queuedAt: ticket.createdAt,
      startedAt: ticket.status === 'open' ? ticket.createdAt : null,
    })
    .returning({ id: ticketTrackings.id });
  return created.id;
}

type TrackingChange = Partial<
  Pick<typeof ticketTrackings.$inferInsert, 'queueId' | 'userId' | 'queuedAt' | 'startedAt' | 'finishedAt' | 'ratingAt' | 'rated'>
>;

async function updateCurrent(db: DbOrTx, ticket: TicketRow, change: TrackingChange) {
  const id = await currentTrackingId(db, ticket);
  await db
    .update(ticketTrackings)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(ticketTrackings.id, id));
}

/** A new attendance (ticket created, or reopened). */
export async function startTracking(db: DbOrTx, ticket: TicketRow, now: Date) {
  await db.insert(ticketTrackings).values({
    companyId: ticket.companyId,
    ticketId: ticket.id,
    connectionId: ticket.connectionId,
    queueId: ticket.queueId,
    userId: ticket.userId,
    queuedAt: now,
    startedAt: ticket.userId ? now : null,
  });
}

/** An agent took the ticket (accept, or a transfer to a user). */
export const trackStarted = (db: DbOrTx, before: TicketRow, after: TicketRow, now: Date) =>
  updateCurrent(db, before, { userId: after.userId, queueId: after.queueId, startedAt: now });

/** The ticket waits again without an agent (return to queue, transfer to a queue). */
export const trackQueued = (db: DbOrTx, before: TicketRow, after: TicketRow, now: Date) =>
  updateCurrent(db, before, { userId: null, queueId: after.queueId, queuedAt: now, startedAt: null });

/** The attendance ended; `ratingAsked` marks that the customer was asked to rate it. */
export const trackFinished = (db: DbOrTx, before: TicketRow, after: TicketRow, now: Date, ratingAsked: boolean) =>
  updateCurrent(db, before, {
    userId: after.userId,
    queueId: after.queueId,
    finishedAt: now,
    ...(ratingAsked ? { ratingAt: now, rated: false } : {}),
  });
