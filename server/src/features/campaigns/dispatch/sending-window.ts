import type { CampaignSettingsValues } from '@chatflow/contract';

type Window = Pick<CampaignSettingsValues, 'startHour' | 'endHour' | 'sabado' | 'domingo'>;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Weekday (0 = Sunday), minutes since midnight and seconds of `at` in `timeZone`. */
function localTime(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

const dayAllowed = (w: Window, weekday: number) => (weekday === 6 ? w.sabado : weekday === 0 ? w.domingo : true);

/** Whether a minute of the day is inside the sending hours (an end before the start runs over midnight). */
function inHours(w: Window, minutes: number): boolean {
  const start = minutesOf(w.startHour);
  const end = minutesOf(w.endHour);
  if (start === end) return true;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * The first instant from `at` on when a campaign may send (spec 3 §3 Campaign settings): within the
 * sending hours, on a weekday or on a Saturday/Sunday whose flag is on, in the company's time zone.
 * `at` itself when it already is. Each step jumps to the next opening and checks again, so a
 * daylight-saving change lands right. With no allowed day at all (both weekend flags off never does
 * that) it gives up after two weeks of steps and answers `at`.
 */
export function nextSendingTime(at: Date, w: Window, timeZone: string): Date {
  let candidate = at;
  for (let i = 0; i < 30; i++) {
    const local = localTime(candidate, timeZone);
    if (dayAllowed(w, local.weekday) && inHours(w, local.minutes)) return candidate;
    const start = minutesOf(w.startHour);
    const wait = dayAllowed(w, local.weekday) && local.minutes < start ? start - local.minutes : 1440 - local.minutes + start;
    candidate = new Date(candidate.getTime() - local.seconds * 1000 - (candidate.getTime() % 1000) + wait * 60_000);
  }
  return at;
}
