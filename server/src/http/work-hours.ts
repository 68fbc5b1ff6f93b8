import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { companies, type UserRow } from '../db/schema';
import { AppError } from './errors';
import { companyAndPlan, loginGuard } from './guards';

const toMinutes = (hhmm: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** Minutes since midnight of `at` in `timeZone`. */
function minutesOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether `at` is within a user's work hours (users' startWork–endWork, spec 1 and 2 "User"), in the
 * company's time zone. The end minute counts whole (23:59 lasts until midnight); a start after the end is
 * a night shift (22:00–06:00). A malformed time restricts nothing: it must never lock a user out.
 */
export function withinWorkHours(startWork: string, endWork: string, at: Date, timeZone: string): boolean {
  const start = toMinutes(startWork);
  const end = toMinutes(endWork);
  if (start === null || end === null) return true;
  const now = minutesOfDay(at, timeZone);
  return start <= end ? now >= start && now <= end : now >= start || now <= end;
}

/**
 * Admins (and the super user) are exempt: the spec does not restrict them, and an admin locked out by
 * their own hours could not open the users screen to change them.
 */
const bound = (user: UserRow) => user.profile !== 'admin' && !user.super && !(user.startWork === '00:00' && user.endWork === '23:59');

/** Login refuses a user outside their work hours (ERR_OUT_OF_HOURS, spec 1 §8). */
export async function assertWorkHours(db: DbOrTx, user: UserRow, now: Date): Promise<void> {
  if (!bound(user)) return;
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, user.companyId));
  if (!withinWorkHours(user.startWork, user.endWork, now, company?.timeZone ?? 'America/Sao_Paulo')) {
    throw new AppError('ERR_OUT_OF_HOURS', 403);
  }
}

/** A ticket action (accept, transfer, close, reply, open a ticket) outside the user's work hours is refused. */
export const requireWorkHours = loginGuard(async (req) => {
  const { user } = req.ctx;
  if (!bound(user)) return;
  const { company } = await companyAndPlan(req);
  if (!withinWorkHours(user.startWork, user.endWork, req.ctx.clock.now(), company.timeZone)) {
    throw new AppError('ERR_OUT_OF_HOURS', 403);
  }
});
