import { describe, expect, test } from 'vitest';
import { neighbourTicket } from './next-ticket';
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
