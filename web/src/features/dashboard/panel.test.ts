import { describe, expect, test } from 'vitest';
import { truncate } from '../../lib/text';
import { hoursMinutes, monthToDate } from './format';
import { canOpenFromPanel, minutesWaited, panelColumns } from './hooks/panel-rules';
import { panelTicket } from './testing';

describe('the attendance panel', () => {
  test('"Pendentes" holds waiting tickets; every agent has a card, with or without tickets', () => {
    const ana = { id: 1, name: 'Ana' };
    const columns = panelColumns(
      [
        panelTicket(10, { userId: 1, user: ana }),
        panelTicket(11, { status: 'pending' }),
        panelTicket(12, { userId: 3, user: { id: 3, name: 'Caio' } }),
      ],
      [
        { id: 2, name: 'Bruno', online: false },
        { id: 1, name: 'Ana', online: true },
      ],
    );
    expect(columns.map((c) => [c.title, c.tickets.map((x) => x.id)])).toEqual([
      [null, [11]],
      ['Ana', [10]],
      ['Bruno', []],
      ['Caio', [12]], // an agent no longer in the user list still shows with their tickets
    ]);
    expect(columns[1].online).toBe(true);
  });

  test('"Pendentes" lists the longest waiting first; minutes waited are whole minutes', () => {
    const columns = panelColumns(
      [
        panelTicket(1, { status: 'pending', waitingSince: '2026-11-24T12:05:00.000Z' }),
        panelTicket(2, { status: 'pending', waitingSince: '2026-11-24T11:50:00.000Z' }),
        panelTicket(3, { status: 'pending', waitingSince: '2026-11-24T12:00:00.000Z' }),
      ],
      [],
    );
    expect(columns[0].tickets.map((x) => x.id)).toEqual([2, 3, 1]);
    const now = Date.parse('2026-11-24T12:10:59.000Z');
    expect(minutesWaited('2026-11-24T11:50:00.000Z', now)).toBe(20);
    expect(minutesWaited('2026-11-24T12:05:00.000Z', now)).toBe(5);
    expect(minutesWaited('2026-11-24T12:20:00.000Z', now)).toBe(0);
  });

  test('an admin opens any ticket; a user only their own', () => {
    const mine = panelTicket(1, { userId: 7 });
    const theirs = panelTicket(2, { userId: 8 });
    expect(canOpenFromPanel({ id: 7, profile: 'user' }, mine)).toBe(true);
    expect(canOpenFromPanel({ id: 7, profile: 'user' }, theirs)).toBe(false);
    expect(canOpenFromPanel({ id: 7, profile: 'user' }, panelTicket(3))).toBe(false);
    expect(canOpenFromPanel({ id: 9, profile: 'admin' }, theirs)).toBe(true);
  });

  test('names and messages are cut above 30 characters', () => {
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
  });
});

describe('dashboard formats', () => {
  test('times as HH h mm m', () => {
    expect(hoursMinutes(0)).toBe('00 h 00 m');
    expect(hoursMinutes(15.4)).toBe('00 h 15 m');
    expect(hoursMinutes(125)).toBe('02 h 05 m');
    expect(hoursMinutes(60 * 30 + 1)).toBe('30 h 01 m');
  });

  test('the default range is the first of the month to today, as yyyy-MM-dd', () => {
    expect(monthToDate(new Date(2026, 10, 24, 15))).toEqual({ from: '2026-11-01', to: '2026-11-24' });
  });
});
