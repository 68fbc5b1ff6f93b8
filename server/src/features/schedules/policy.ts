import { type Actor, isAdmin } from '@chatflow/contract';

/**
 * Who may see and change a schedule: an admin every schedule of the company, a "user" profile the
 * schedules it created. The SQL form is `visibleSchedules` in queries.ts; events go to the same audience.
 */
export const canManageSchedule = (actor: Pick<Actor, 'id' | 'profile'>, schedule: { userId: number | null }) =>
  isAdmin(actor) || schedule.userId === actor.id;
