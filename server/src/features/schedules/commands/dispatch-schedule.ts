import { and, eq, sql } from 'drizzle-orm';
import { companies, connections, contacts, type ScheduleRow, schedules, users } from '../../../db/schema';
import { type HookedTx, transactionRunner } from '../../../http/context';
import type { JobDeps } from '../../../jobs/define';
import { createOutboundMessage, signaturePrefix } from '../../messages';
import { addTicketLogs, closeAfterSend, emitTicketChange, type SendTicketOptions, ticketForSend } from '../../tickets';
import { announceSchedule } from '../events';
import { scheduleView } from '../queries';
import { nextSendAt } from '../recurrence';

/** The occurrence a dispatch job was queued for. */
export interface Occurrence {
  scheduleId: number;
  timesSent: number;
  sendAt: string;
}

/** Queues the next occurrence in the transaction (jobs.ts; passed in so this module does not import the job). */
export type QueueNext = (tx: HookedTx, row: ScheduleRow, now: Date) => Promise<void>;

/**
 * The schedule of this occurrence, locked: null when it moved on (already sent, edited to another
 * time, failed or deleted). The lock makes concurrent runs of one occurrence wait, and the second
 * then finds timesSent advanced: at most one send per occurrence.
 */
async function lockOccurrence(tx: HookedTx, o: Occurrence): Promise<ScheduleRow | null> {
  const [row] = await tx
    .select()
    .from(schedules)
    .where(
      and(
        eq(schedules.id, o.scheduleId),
        eq(schedules.status, 'PENDENTE'),
        eq(schedules.timesSent, o.timesSent),
        eq(schedules.sendAt, new Date(o.sendAt)),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The schedule's ticket options (spec 1 §3 Schedule): its author is who the ticket's timeline names. */
const ticketOptionsOf = (s: ScheduleRow): SendTicketOptions => ({
  companyId: s.companyId,
  openTicket: s.openTicket,
  statusTicket: s.statusTicket,
  ticketUserId: s.ticketUserId,
  queueId: s.queueId,
  actorId: s.userId,
});

async function fail(tx: HookedTx, deps: JobDeps, row: ScheduleRow, reason: string) {
  await tx.update(schedules).set({ status: 'ERRO', errorReason: reason, updatedAt: new Date() }).where(eq(schedules.id, row.id));
  announceSchedule(tx, deps.realtime, await scheduleView(tx, row.companyId, row.id), 'update');
  deps.log.warn({ scheduleId: row.id, reason }, 'scheduled message not sent');
}

/**
 * Sends one occurrence of a schedule: in one transaction, the message is recorded in the contact's
 * ticket (its send job written with it: messages/service.ts sends it exactly once through the
 * connection's provider), the schedule counts the send, and the next occurrence (recurring schedules,
 * computed in the company's time zone) is queued. A deleted contact or connection ends the schedule
 * in ERRO with the reason instead of throwing.
 */
export async function dispatchSchedule(deps: JobDeps, o: Occurrence, queueNext: QueueNext): Promise<void> {
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const row = await lockOccurrence(tx, o);
    if (!row) return;
    const [refs] = await tx
      .select({ contact: contacts, connection: connections, timeZone: companies.timeZone, authorName: users.name })
      .from(companies)
      .leftJoin(contacts, and(eq(contacts.id, sql`${row.contactId}`), eq(contacts.companyId, row.companyId)))
      .leftJoin(connections, and(eq(connections.id, sql`${row.whatsappId}`), eq(connections.companyId, row.companyId)))
      .leftJoin(users, eq(users.id, sql`${row.userId}`))
      .where(eq(companies.id, row.companyId));
    if (!refs?.contact) return fail(tx, deps, row, 'ERR_SCHEDULE_CONTACT_GONE');
    if (!refs.connection) return fail(tx, deps, row, 'ERR_SCHEDULE_CONNECTION_GONE');

    const ctx = { db: deps.db, companyId: row.companyId, realtime: deps.realtime, jobs: deps.jobs, config: deps.config };
    const options = ticketOptionsOf(row);
    const opened = await ticketForSend(tx, options, refs.contact, refs.connection);
    const body = row.assinar && refs.authorName ? signaturePrefix(refs.authorName) + row.body : row.body;
    await createOutboundMessage(tx, ctx, {
      ticket: opened.ticket,
      userId: row.userId,
      body,
      ...(row.mediaPath ? { mediaUrl: row.mediaPath, mediaType: row.mediaType ?? 'document', mediaName: row.mediaName } : {}),
    });
    const sent = await closeAfterSend(tx, options, opened);
    await addTicketLogs(tx, sent.ticket, sent.logs);
    if (sent.ticket !== sent.before) emitTicketChange(tx, ctx, sent.before, sent.ticket);

    const now = deps.clock.now();
    const timesSent = row.timesSent + 1;
    const done = timesSent >= row.enviarQuantasVezes;
    const [after] = await tx
      .update(schedules)
      .set({
        timesSent,
        sentAt: now,
        status: done ? 'ENVIADA' : 'PENDENTE',
        sendAt: done ? row.sendAt : nextSendAt({ ...row, lastSendAt: row.sendAt }, refs.timeZone),
        updatedAt: now,
      })
      .where(eq(schedules.id, row.id))
      .returning();
    if (!done) await queueNext(tx, after, now);
    announceSchedule(tx, deps.realtime, await scheduleView(tx, row.companyId, row.id), 'update');
  });
}
