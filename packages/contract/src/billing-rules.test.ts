import { describe, expect, test } from 'vitest';
import { customPlanPrice, invoiceDisplayStatus } from './billing-rules';

describe('custom plan price (spec 2 §5: base 49, +11 per user, +20 per connection, minimum 3 each)', () => {
  test.each([
    [3, 3, 49],
    [4, 3, 60],
    [3, 4, 69],
    [10, 5, 49 + 7 * 11 + 2 * 20],
    [1, 0, 49],
  ])('%i users and %i connections cost %i', (users, connections, price) => {
    expect(customPlanPrice(users, connections)).toBe(price);
  });
});

describe('invoice display status (spec 2 §4)', () => {
  const now = new Date('2026-03-10T15:00:00Z'); // 12:00 in São Paulo
  test('paid is Pago whatever the date; unpaid before today is Vencido; today or later is Em Aberto', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01' }, 'America/Sao_Paulo', now)).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-03-09' }, 'America/Sao_Paulo', now)).toBe('overdue');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-03-10' }, 'America/Sao_Paulo', now)).toBe('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-04-01' }, 'America/Sao_Paulo', now)).toBe('open');
  });
  test("the day turns in the company's time zone, not UTC", () => {
    const lateEvening = new Date('2026-03-11T02:00:00Z'); // still 10/03 23:00 in São Paulo
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-03-10' }, 'America/Sao_Paulo', lateEvening)).toBe('open');
  });
});
