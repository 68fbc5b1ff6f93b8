import { type Actor, isAdmin, SCHEDULES_PAGE_SIZE, type ScheduledMessagePage, type ScheduledMessageView } from '@chatflow/contract';
import { and, asc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { connections, contacts, type ScheduleRow, schedules, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { canManageSchedule } from './policy';
import { presentSchedule } from './presenter';

const ticketUsers = alias(users, 'schedule_ticket_users');

/** The SQL form of canManageSchedule: the company's schedules, and for a "user" profile only its own. */
const visibleSchedules = (companyId: number, actor: Pick<Actor, 'id' | 'profile'>) =>
  and(eq(schedules.companyId, companyId), isAdmin(actor) ? undefined : eq(schedules.userId, actor.id));

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Schedules with the names their view shows (contact, ticket user, connection), in one query. */
function selectViews(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      schedule: schedules,
      contactName: contacts.name,
      contactNumber: contacts.number,
      ticketUserName: ticketUsers.name,
      whatsappName: connections.name,
    })
    .from(schedules)
    .leftJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(ticketUsers, eq(ticketUsers.id, schedules.ticketUserId))
    .leftJoin(connections, eq(connections.id, schedules.whatsappId))
    .where(where);
}

type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

const toView = (r: ViewRow): ScheduledMessageView =>
  presentSchedule(r.schedule, {
    contact: r.schedule.contactId ? { id: r.schedule.contactId, name: r.contactName ?? '', number: r.contactNumber ?? '' } : null,
    ticketUser: r.schedule.ticketUserId ? { id: r.schedule.ticketUserId, name: r.ticketUserName ?? '' } : null,
    whatsapp: r.schedule.whatsappId ? { id: r.schedule.whatsappId, name: r.whatsappName ?? '' } : null,
  });

/** GET /schedules: by send time; searched on the text and the contact's name; optionally one contact or a time range. */
export async function listSchedulesPage(
  db: DbOrTx,
  companyId: number,
  actor: Pick<Actor, 'id' | 'profile'>,
  f: { searchParam: string; pageNumber: number; contactId?: number; startDate?: Date; endDate?: Date },
): Promise<ScheduledMessagePage> {
  const term = f.searchParam.trim();
  const where = and(
    visibleSchedules(companyId, actor),
    term ? or(ilike(schedules.body, containsPattern(term)), ilike(contacts.name, containsPattern(term))) : undefined,
    f.contactId ? eq(schedules.contactId, f.contactId) : undefined,
    f.startDate ? gte(schedules.sendAt, f.startDate) : undefined,
    f.endDate ? lt(schedules.sendAt, f.endDate) : undefined,
  );
  const offset = (f.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
  const rows = await selectViews(db, where).orderBy(asc(schedules.sendAt), asc(schedules.id)).limit(SCHEDULES_PAGE_SIZE).offset(offset);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schedules)
    .leftJoin(contacts, eq(contacts.id, schedules.contactId))
    .where(where);
  return { schedules: rows.map(toView), count, hasMore: offset + rows.length < count };
}

/** A schedule the caller may manage: another company's is 404, another user's (for a "user" profile) 403. */
export async function findManagedSchedule(
  db: DbOrTx,
  companyId: number,
  actor: Pick<Actor, 'id' | 'profile'>,
  id: number,
): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
  if (!row) throw notFound();
  if (!canManageSchedule(actor, row)) throw forbidden();
  return row;
}

/** The view of one schedule (after a change, for the answer and the event). */
/** The views of these schedules, whatever their companies (a dispatch batch announces each in its own). */
export async function scheduleViews(db: DbOrTx, ids: number[]): Promise<ScheduledMessageView[]> {
  if (ids.length === 0) return [];
  return (await selectViews(db, inArray(schedules.id, ids))).map(toView);
}

export async function scheduleView(db: DbOrTx, companyId: number, id: number): Promise<ScheduledMessageView> {
  const [row] = await selectViews(db, and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
  if (!row) throw notFound();
  return toView(row);
}
