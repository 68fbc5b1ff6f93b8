import { describe, expect, test } from 'vitest';
import { firstWaiting, neighbourTicket, nextUnanswered } from './next-ticket';
import { makeTicket } from './testing';

describe('neighbourTicket (J / K)', () => {
  const rows = [makeTicket(6), makeTicket(5), makeTicket(1)];

  test('the next or previous row of the open ticket, nothing past either end', () => {
    expect(neighbourTicket(rows, 'uuid-5', 1)?.id).toBe(1);
    expect(neighbourTicket(rows, 'uuid-5', -1)?.id).toBe(6);
    expect(neighbourTicket(rows, 'uuid-1', 1)).toBeNull();
    expect(neighbourTicket(rows, 'uuid-6', -1)).toBeNull();
  });

  test('with no ticket open, or one not in the list, the first row', () => {
    expect(neighbourTicket(rows, null, 1)?.id).toBe(6);
    expect(neighbourTicket(rows, 'uuid-99', -1)?.id).toBe(6);
    expect(neighbourTicket([], null, 1)).toBeNull();
  });
});

describe('nextUnanswered (N)', () => {
  const row = (id: number, unreadMessages: number) => ({ ...makeTicket(id), unreadMessages });
  const rows = [row(6, 2), row(5, 0), row(4, 0), row(1, 1)];

  test('the next row with unread messages after the open one, wrapping round the list', () => {
    expect(nextUnanswered(rows, 'uuid-5')?.id).toBe(1);
    expect(nextUnanswered(rows, 'uuid-1')?.id).toBe(6);
    expect(nextUnanswered(rows, null)?.id).toBe(6);
  });

  test('none when only the open ticket (or nobody) waits for an answer', () => {
    expect(nextUnanswered([row(6, 2), row(5, 0)], 'uuid-6')).toBeNull();
    expect(nextUnanswered([], null)).toBeNull();
  });
});

describe('firstWaiting (E)', () => {
  test('the top waiting row, never the ticket just resolved', () => {
    const rows = [
      { ...makeTicket(3), status: 'pending' as const },
      { ...makeTicket(2), status: 'pending' as const },
    ];
    expect(firstWaiting(rows, 'uuid-3')?.id).toBe(2);
    expect(firstWaiting(rows, 'uuid-9')?.id).toBe(3);
    expect(firstWaiting([], 'uuid-3')).toBeNull();
  });
});
