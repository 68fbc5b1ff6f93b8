import type { QueueScheduleRow } from '../../db/schema';

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAYS_PT = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** The weekday index (0 = Sunday) and minutes since midnight of `at` in `timeZone`. */
function localTime(at: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return { weekday: WEEKDAYS_EN.indexOf(parts.weekday.toLowerCase()), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const toMinutes = (hhmm: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** Whether `minutes` falls in the shift start–end (an empty or malformed shift is closed). */
function inShift(minutes: number, start: string, end: string): boolean {
  const s = toMinutes(start);
  const e = toMinutes(end);
  return s !== null && e !== null && minutes >= s && minutes < e;
}

/** The schedule row of a weekday, found by its English name, else its Portuguese one. */
function rowOf(schedules: QueueScheduleRow[], weekday: number): QueueScheduleRow | undefined {
  const en = WEEKDAYS_EN[weekday];
  const pt = WEEKDAYS_PT[weekday];
  return (
    schedules.find((r) => r.weekdayEn?.toLowerCase() === en) ??
    schedules.find((r) => r.weekday.toLowerCase() === en || r.weekday.toLowerCase().startsWith(pt.split('-')[0]))
  );
}

/**
 * Whether `at` is within service hours: one of the two shifts of its weekday, in the company's time
 * zone. No schedules at all means no restriction; a weekday without a row is closed.
 */
export function withinSchedule(schedules: QueueScheduleRow[], at: Date, timeZone: string): boolean {
  if (schedules.length === 0) return true;
  const { weekday, minutes } = localTime(at, timeZone);
  const row = rowOf(schedules, weekday);
  if (!row) return false;
  return inShift(minutes, row.startTimeA, row.endTimeA) || inShift(minutes, row.startTimeB, row.endTimeB);
}

/** The local calendar date (yyyy-MM-dd) of `at` in `timeZone`. */
const localDate = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * Whether `at` falls in the connection's collective vacation: from its start date to its end date,
 * both whole days, when both are set (dates as the form sends them, yyyy-MM-dd or a full ISO time).
 */
export function inVacation(start: string, end: string, at: Date, timeZone: string): boolean {
  if (!start.trim() || !end.trim()) return false;
  const today = localDate(at, timeZone);
  return today >= start.trim().slice(0, 10) && today <= end.trim().slice(0, 10);
}
