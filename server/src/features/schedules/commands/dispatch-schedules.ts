import { and, eq, sql } from 'drizzle-orm';
import {
  companies,
  type ConnectionRow,
  type ContactRow,
  connections,
  contacts,
  type ScheduleRow,
  schedules,
  users,
} from '../../../db/schema';
import { type HookedTx, transactionRunner } from '../../../http/context';
import type { JobDeps } from '../../../jobs/define';
import { assertCustomerWindow, createOutboundMessages, signaturePrefix } from '../../messages';
import { AppError } from '../../../http/errors';
import { type SendTicketOptions, settleSends, ticketsForSend } from '../../tickets';
import { announceSchedule } from '../events';
import { scheduleView, scheduleViews } from '../queries';
import { nextSendAt } from '../recurrence';

/** The occurrence a dispatch job was queued for. */
export interface Occurrence {
  scheduleId: number;
  timesSent: number;
  sendAt: string;
}

/** Queues the occurrences these schedules now wait for (jobs.ts; passed in so this module does not import the job). */
export type QueueNext = (tx: HookedTx, rows: ScheduleRow[], now: Date) => Promise<void>;

/** A due schedule, locked, with what its send needs (null where the contact or connection is gone). */
interface Due {
  schedule: ScheduleRow;
  contact: ContactRow | null;
  connection: ConnectionRow | null;
  timeZone: string;
  authorName: string | null;
}

/**
 * The schedules of these occurrences that are still due, locked, in id order (so concurrent batches
 * lock in the same order), with their contact, connection, author and company time zone, in one
 * statement. An occurrence that moved on (already sent, edited to another time, failed or deleted)
 * is not among them. The lock makes a concurrent run of the same occurrence wait, and it then finds
 * timesSent advanced: at most one send per occurrence.
 */
async function lockDue(tx: HookedTx, batch: Occurrence[]): Promise<Due[]> {
  const wanted = sql.join(
    batch.map((o) => sql`(${o.scheduleId}::int, ${o.timesSent}::int, ${o.sendAt}::timestamptz)`),
    sql`, `,
  );
  return tx
    .select({ schedule: schedules, contact: contacts, connection: connections, timeZone: companies.timeZone, authorName: users.name })
    .from(schedules)
    .innerJoin(companies, eq(companies.id, schedules.companyId))
    .leftJoin(contacts, and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)))
    .leftJoin(connections, and(eq(connections.id, schedules.whatsappId), eq(connections.companyId, schedules.companyId)))
    .leftJoin(users, eq(users.id, schedules.userId))
    .where(and(eq(schedules.status, 'PENDENTE'), sql`(${schedules.id}, ${schedules.timesSent}, ${schedules.sendAt}) in (values ${wanted})`))
    .orderBy(schedules.id)
    .for('update', { of: schedules });
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
 * Meta's channels take a text only within 24 hours of the customer's last message: a schedule past
 * that is refused here (ERRO, ERR_CUSTOMER_WINDOW_CLOSED) rather than failing at Meta after it was
 * recorded as sent. Other channels answer at once, without a query.
 */
async function windowClosed(tx: HookedTx, contact: ContactRow, connection: ConnectionRow, now: Date): Promise<boolean> {
  try {
    await assertCustomerWindow(tx, { channel: connection.channel, connectionId: connection.id, contactId: contact.id }, now);
    return false;
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_CUSTOMER_WINDOW_CLOSED') return true;
    throw err;
  }
}

type Sendable = Due & { contact: ContactRow; connection: ConnectionRow };

/** Schedules sent alike: one company, connection and set of ticket options. */
function alike(due: Sendable[]): Sendable[][] {
  const groups = new Map<string, Sendable[]>();
  for (const d of due) {
    const key = JSON.stringify([d.connection.id, ticketOptionsOf(d.schedule)]);
    const group = groups.get(key);
    if (group) group.push(d);
    else groups.set(key, [d]);
  }
  return [...groups.values()];
}

/**
 * Records a group's messages in its contacts' tickets, set-based (ticketsForSend: the same outcome per
 * contact as ticketForSend gives one send). Each message's send job is written with it, and the
 * message is sent right after the commit (messages/service.ts: exactly once through the provider).
 */
async function sendAlike(tx: HookedTx, deps: JobDeps, group: Sendable[]) {
  const { schedule, connection } = group[0];
  const ctx = { db: deps.db, companyId: schedule.companyId, realtime: deps.realtime, jobs: deps.jobs, config: deps.config };
  const options = ticketOptionsOf(schedule);
  const opened = await ticketsForSend(
    tx,
    options,
    group.map((d) => d.contact),
    connection,
  );
  await createOutboundMessages(
    tx,
    ctx,
    group.map(({ schedule: s, contact, authorName }) => ({
      ticket: opened.get(contact.id)!.ticket,
      userId: s.userId,
      body: s.assinar && authorName ? signaturePrefix(authorName) + s.body : s.body,
      ...(s.mediaPath ? { mediaUrl: s.mediaPath, mediaType: s.mediaType ?? 'document', mediaName: s.mediaName } : {}),
    })),
  );
  await settleSends(tx, ctx, options, [...opened.values()]);
}

/** Counts each send in one statement: the schedules as they are after it (sent, or waiting for the next occurrence). */
async function countSends(tx: HookedTx, sent: Sendable[], now: Date): Promise<ScheduleRow[]> {
  const after = sent.map(({ schedule: row, timeZone }): ScheduleRow => {
    const timesSent = row.timesSent + 1;
    const done = timesSent >= row.enviarQuantasVezes;
    return {
      ...row,
      timesSent,
      sentAt: now,
      status: done ? 'ENVIADA' : 'PENDENTE',
      sendAt: done ? row.sendAt : nextSendAt({ ...row, lastSendAt: row.sendAt }, timeZone),
      updatedAt: now,
    };
  });
  const values = sql.join(
    after.map((r) => sql`(${r.id}::int, ${r.timesSent}::int, ${r.status}::text, ${r.sendAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`
    update schedules s set times_sent = v.times_sent, status = v.status, send_at = v.send_at,
      sent_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, times_sent, status, send_at) where s.id = v.id`);
  return after;
}

/**
 * Sends the occurrences of a fetched batch that are still due, in one transaction: each message is
 * recorded in its contact's ticket (its send job written with it), each schedule counts its send, and
 * recurring ones get their next occurrence queued (computed in the company's time zone). A deleted
 * contact or connection ends the schedule in ERRO with the reason instead of throwing. The statements
 * are per group of schedules sent alike, not per schedule, so thousands due in one minute drain fast.
 */
export async function dispatchSchedules(deps: JobDeps, batch: Occurrence[], queueNext: QueueNext): Promise<void> {
  if (batch.length === 0) return;
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const due = await lockDue(tx, batch);
    const sendable: Sendable[] = [];
    for (const d of due) {
      if (!d.contact) await fail(tx, deps, d.schedule, 'ERR_SCHEDULE_CONTACT_GONE');
      else if (!d.connection) await fail(tx, deps, d.schedule, 'ERR_SCHEDULE_CONNECTION_GONE');
      else if (await windowClosed(tx, d.contact, d.connection, deps.clock.now()))
        await fail(tx, deps, d.schedule, 'ERR_CUSTOMER_WINDOW_CLOSED');
      else sendable.push({ ...d, contact: d.contact, connection: d.connection });
    }
    if (sendable.length === 0) return;
    for (const group of alike(sendable)) await sendAlike(tx, deps, group);
    const now = deps.clock.now();
    const after = await countSends(tx, sendable, now);
    await queueNext(
      tx,
      after.filter((r) => r.status === 'PENDENTE'),
      now,
    );
    const views = await scheduleViews(
      tx,
      after.map((r) => r.id),
    );
    for (const view of views) announceSchedule(tx, deps.realtime, view, 'update');
  });
}
