/**
 * The time automations read ("is it business hours?", "has the menu limit's window passed?"). The
 * composition hands one to jobs; tests hand a settable one (test/clock.ts) so time is never waited for.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
