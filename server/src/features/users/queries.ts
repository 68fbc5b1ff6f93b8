import { type QueueRef, USER_PAGE_SIZE, type UserListItem, type UserPage, type UserView } from '@chatflow/contract';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queues, type UserRow, userQueues, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { presentUser } from './presenter';

/** Queues of several users in one query (no N+1 on lists). */
export async function queuesOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const map = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const r of rows) map.get(r.userId)?.push({ id: r.id, name: r.name, color: r.color });
  return map;
}

export async function queuesOfUser(db: DbOrTx, userId: number): Promise<QueueRef[]> {
  return (await queuesOfUsers(db, [userId])).get(userId) ?? [];
}

/** A user of the company, or 404: another company's id is indistinguishable from an unknown one. */
export async function findCompanyUser(db: DbOrTx, companyId: number, userId: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
  return row;
}

export async function findUserView(db: DbOrTx, companyId: number, userId: number): Promise<UserView> {
  const row = await findCompanyUser(db, companyId, userId);
  return presentUser(row, await queuesOfUser(db, row.id));
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /users: a page of the company's users by name, searched on name or e-mail without regard to case. */
export async function listUsersPage(db: DbOrTx, companyId: number, query: { searchParam: string; pageNumber: number }): Promise<UserPage> {
  const term = query.searchParam.trim();
  const where = term
    ? and(eq(users.companyId, companyId), or(ilike(users.name, containsPattern(term)), ilike(users.email, containsPattern(term))))
    : eq(users.companyId, companyId);
  const offset = (query.pageNumber - 1) * USER_PAGE_SIZE;
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(USER_PAGE_SIZE).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const queuesByUser = await queuesOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return {
    users: rows.map((r) => presentUser(r, queuesByUser.get(r.id))),
    count,
    hasMore: offset + rows.length < count,
  };
}

/** GET /users/list: every user of the company, reduced to what a picker shows. */
export async function listUsersForPickers(db: DbOrTx, companyId: number): Promise<UserListItem[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      profile: users.profile,
      online: users.online,
      profileImage: users.profileImage,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
  const queuesByUser = await queuesOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, queues: queuesByUser.get(r.id) ?? [] }));
}

/** E-mails are unique across the whole platform (login is by e-mail alone). */
export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return !!row && row.id !== exceptUserId;
}

export async function countCompanyUsers(db: DbOrTx, companyId: number): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.companyId, companyId));
  return count;
}

export async function countOtherAdmins(db: DbOrTx, companyId: number, exceptUserId: number): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profile, 'admin'), sql`${users.id} <> ${exceptUserId}`));
  return count;
}

/** The ids among `queueIds` that are queues of the company. */
export async function companyQueueIds(db: DbOrTx, companyId: number, queueIds: number[]): Promise<number[]> {
  if (queueIds.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  return rows.map((r) => r.id);
}
