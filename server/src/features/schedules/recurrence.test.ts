import { describe, expect, test } from 'vitest';
import { nextSendAt, type Recurrence } from './recurrence';

const SP = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019
const NY = 'America/New_York'; // daylight saving: 2026-03-08 and 2026-11-01

/** A case: the first send, the last one sent, the rhythm and rule, the zone, and the next send expected (all UTC). */
type Case = Partial<Omit<Recurrence, 'firstSendAt' | 'lastSendAt'>> & { firstSendAt: string; lastSendAt?: string };
const cases: [string, Case, string, string][] = [
  ['daily', { firstSendAt: '2026-01-05T12:00:00Z', intervalo: 1 }, SP, '2026-01-06T12:00:00Z'],
  ['every 3 days', { firstSendAt: '2026-01-05T12:00:00Z', intervalo: 1, valorIntervalo: 3 }, SP, '2026-01-08T12:00:00Z'],
  ['weekly', { firstSendAt: '2026-01-05T12:00:00Z', intervalo: 2 }, SP, '2026-01-12T12:00:00Z'],
  ['every 15 minutes', { firstSendAt: '2026-01-05T12:00:00Z', intervalo: 4, valorIntervalo: 15 }, SP, '2026-01-05T12:15:00Z'],
  ['monthly from Jan 31 lands on Feb 28', { firstSendAt: '2026-01-31T12:00:00Z', intervalo: 3 }, SP, '2026-02-28T12:00:00Z'],
  [
    'monthly from Jan 31: after Feb 28 it is back on the 31st',
    { firstSendAt: '2026-01-31T12:00:00Z', lastSendAt: '2026-02-28T12:00:00Z', intervalo: 3 },
    SP,
    '2026-03-31T12:00:00Z',
  ],
  ['monthly from Jan 31 in a leap year lands on Feb 29', { firstSendAt: '2028-01-31T12:00:00Z', intervalo: 3 }, SP, '2028-02-29T12:00:00Z'],
  [
    'yearly rhythm (12 months) from Feb 29 lands on Feb 28',
    { firstSendAt: '2028-02-29T12:00:00Z', intervalo: 3, valorIntervalo: 12 },
    SP,
    '2029-02-28T12:00:00Z',
  ],
  ['daily across a leap day', { firstSendAt: '2028-02-28T12:00:00Z', intervalo: 1 }, SP, '2028-02-29T12:00:00Z'],
  // 2026-01-09 is a Friday: the next day is Saturday.
  ['rule 4 sends on Saturday', { firstSendAt: '2026-01-09T12:00:00Z', intervalo: 1, tipoDias: 4 }, SP, '2026-01-10T12:00:00Z'],
  ['rule 6 moves Saturday to Monday', { firstSendAt: '2026-01-09T12:00:00Z', intervalo: 1, tipoDias: 6 }, SP, '2026-01-12T12:00:00Z'],
  [
    'rule 5 skips the weekend with a daily rhythm (Sat and Sun fall back onto the Friday already sent)',
    { firstSendAt: '2026-01-09T12:00:00Z', intervalo: 1, tipoDias: 5 },
    SP,
    '2026-01-12T12:00:00Z',
  ],
  [
    'rule 5 moves a weekly Sunday send to Friday',
    { firstSendAt: '2026-01-04T12:00:00Z', intervalo: 2, tipoDias: 5 },
    SP,
    '2026-01-09T12:00:00Z',
  ],
  // 2026-02-28 is a Saturday; 2026-01-28 a Wednesday.
  [
    'rule 6 moves a monthly send from Saturday to Monday',
    { firstSendAt: '2026-01-28T12:00:00Z', intervalo: 3, tipoDias: 6 },
    SP,
    '2026-03-02T12:00:00Z',
  ],
  [
    'rule 5 moves a monthly send from Saturday to Friday',
    { firstSendAt: '2026-01-28T12:00:00Z', intervalo: 3, tipoDias: 5 },
    SP,
    '2026-02-27T12:00:00Z',
  ],
  [
    'minutes ignore the day rule',
    { firstSendAt: '2026-01-09T23:50:00Z', intervalo: 4, valorIntervalo: 30, tipoDias: 6 },
    SP,
    '2026-01-10T00:20:00Z',
  ],
  // The weekday is the company's: 2026-01-10 01:00 UTC is still Friday 22:00 in São Paulo.
  [
    'the day rule reads the weekday in the company time zone',
    { firstSendAt: '2026-01-09T01:00:00Z', intervalo: 1, tipoDias: 6 },
    SP,
    '2026-01-10T01:00:00Z',
  ],
  [
    'the same send in UTC is a Saturday and moves to Monday',
    { firstSendAt: '2026-01-09T01:00:00Z', intervalo: 1, tipoDias: 6 },
    'UTC',
    '2026-01-12T01:00:00Z',
  ],
  // 09:00 in New York stays 09:00 across the daylight-saving change (14:00 UTC, then 13:00 UTC).
  [
    'daily keeps the wall-clock time across daylight saving',
    { firstSendAt: '2026-03-07T14:00:00Z', intervalo: 1 },
    NY,
    '2026-03-08T13:00:00Z',
  ],
  [
    'weekly keeps the wall-clock time when daylight saving ends',
    { firstSendAt: '2026-10-26T13:00:00Z', intervalo: 2 },
    NY,
    '2026-11-02T14:00:00Z',
  ],
];

describe('the next send of a recurring schedule', () => {
  test.each(cases)('%s', (_name, c, zone, expected) => {
    const r: Recurrence = {
      intervalo: 1,
      valorIntervalo: 1,
      tipoDias: 4,
      ...c,
      firstSendAt: new Date(c.firstSendAt),
      lastSendAt: new Date(c.lastSendAt ?? c.firstSendAt),
    };
    expect(nextSendAt(r, zone).toISOString()).toBe(new Date(expected).toISOString());
  });
});
