import { zonedDateTime } from '@chatflow/contract';
import { format } from 'date-fns';

/** Attendant times as "HH h mm m" (spec 1 §2.9) from minutes. */
export function hoursMinutes(minutes: number): string {
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')} h ${String(m).padStart(2, '0')} m`;
}

/** yyyy-MM-dd, as the dashboard and report send dates (spec 2 §5). */
export const isoDay = (d: Date) => format(d, 'yyyy-MM-dd');

/** The default range: the first day of the current month to today (spec 2 §4, §9). */
export function monthToDate(now = new Date()) {
  return { from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: isoDay(now) };
}

/** dd/MM/yyyy HH:mm of an instant in the company's time zone, as the report's Excel export writes it. */
export const dateTimeIn = (iso: string, timeZone: string) => zonedDateTime(timeZone)(iso);
