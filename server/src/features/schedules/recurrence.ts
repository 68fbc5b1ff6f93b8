import { SCHEDULE_DAY_RULES, SCHEDULE_INTERVAL_UNITS } from '@chatflow/contract';
import { DateTime, type DurationLikeObject } from 'luxon';

/** What the next send of a recurring schedule depends on. */
export interface Recurrence {
  /** The first send as chosen: later sends keep its wall-clock time and day of month. */
  firstSendAt: Date;
  /** The occurrence just sent (its scheduled time, not when the worker ran it). */
  lastSendAt: Date;
  intervalo: number;
  valorIntervalo: number;
  tipoDias: number;
}

const UNIT: Record<number, keyof DurationLikeObject> = {
  [SCHEDULE_INTERVAL_UNITS.days]: 'days',
  [SCHEDULE_INTERVAL_UNITS.weeks]: 'weeks',
  [SCHEDULE_INTERVAL_UNITS.months]: 'months',
  [SCHEDULE_INTERVAL_UNITS.minutes]: 'minutes',
};

/** Saturday and Sunday are not working days (the product keeps no holiday calendar). */
const isWorkingDay = (at: DateTime) => at.weekday <= 5;

/**
 * Day rule 5 moves a send falling on a non-working day to the working day before, rule 6 to the one
 * after, at the same wall-clock time; rule 4 leaves it. A minutes rhythm is no calendar: rules do not apply.
 */
function applyDayRule(at: DateTime, tipoDias: number, unit: keyof DurationLikeObject): DateTime {
  if (unit === 'minutes' || tipoDias === SCHEDULE_DAY_RULES.sendAnyway) return at;
  const step = tipoDias === SCHEDULE_DAY_RULES.workingDayBefore ? -1 : 1;
  let moved = at;
  while (!isWorkingDay(moved)) moved = moved.plus({ days: step });
  return moved;
}

/**
 * The send after `lastSendAt`, in the company's time zone. Occurrence k is the first send plus k
 * intervals, counted from the first send (so the 31st stays the 31st after February, and 09:00 stays
 * 09:00 across a daylight-saving change), then moved by the day rule. An occurrence the rule moves onto
 * or before the last send is skipped: with a daily rhythm, rules 5 and 6 mean "working days only".
 */
export function nextSendAt(r: Recurrence, timeZone: string): Date {
  const unit = UNIT[r.intervalo] ?? 'days';
  const first = DateTime.fromJSDate(r.firstSendAt, { zone: timeZone });
  const last = r.lastSendAt.getTime();
  const every = Math.max(1, r.valorIntervalo);
  for (let k = 1; ; k++) {
    const at = applyDayRule(first.plus({ [unit]: k * every }), r.tipoDias, unit);
    if (at.toMillis() > last) return at.toJSDate();
  }
}
