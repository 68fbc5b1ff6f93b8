import { describe, expect, test } from 'vitest';
import { addMonths, daysUntilDue, dueDateTone, isSubscriptionValid } from './subscription';

const at = (iso: string) => new Date(iso);

describe('subscription dates', () => {
  test('valid through the whole due date in São Paulo time', () => {
    // 02:00 UTC on the 11th is still the 10th in São Paulo (UTC-3).
    expect(isSubscriptionValid(5, '2026-03-10', 'America/Sao_Paulo', at('2026-03-11T02:00:00Z'))).toBe(true);
    expect(isSubscriptionValid(5, '2026-03-10', 'America/Sao_Paulo', at('2026-03-11T04:00:00Z'))).toBe(false);
  });
  test('company 1 never expires, whatever its row says', () => {
    expect(isSubscriptionValid(1, '2000-01-01', 'America/Sao_Paulo', at('2030-01-01T12:00:00Z'))).toBe(true);
  });
  test('days until due and the table tint', () => {
    const now = at('2026-03-10T15:00:00Z');
    expect(daysUntilDue('2026-03-13', 'America/Sao_Paulo', now)).toBe(3);
    expect(dueDateTone(5, '2026-03-13', now)).toBe('soon');
    expect(dueDateTone(5, '2026-03-10', now)).toBe('overdue');
    expect(dueDateTone(5, '2026-03-09', now)).toBe('overdue');
    expect(dueDateTone(5, '2026-04-10', now)).toBe('ok');
  });
  test('renewal months clamp to the end of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-05-20', 12)).toBe('2027-05-20');
  });
});
