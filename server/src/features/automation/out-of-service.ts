import { inVacation, withinSchedule } from './hours';
import { say } from './say';
import type { Turn } from './turn';

/**
 * Whether the company is away for this connection now, having told the customer so: collective
 * vacation first (its own message), then service hours by scheduleType: the company's hours or the
 * connection's, answered with the connection's outOfHoursMessage. Queue hours (scheduleType queue)
 * are checked when the customer enters a queue. The ticket waits in the inbox either way.
 */
export async function outOfService(turn: Turn): Promise<boolean> {
  const { connection, now, timeZone } = turn;
  if (inVacation(connection.collectiveVacationStart, connection.collectiveVacationEnd, now, timeZone)) {
    await say(turn, connection.collectiveVacationMessage);
    return true;
  }
  const type = turn.settings.scheduleType;
  const schedules = type === 'company' ? turn.companySchedules : type === 'connection' ? connection.schedules : null;
  if (schedules && !withinSchedule(schedules, now, timeZone)) {
    await say(turn, connection.outOfHoursMessage);
    return true;
  }
  return false;
}
