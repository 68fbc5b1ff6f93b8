import { describe, expect, test } from 'vitest';
import { dateTimeIn } from './format';

describe('report times', () => {
  test('are shown in the company time zone, whatever the browser’s', () => {
    // 02:30 UTC on 2 March is still 1 March in São Paulo (UTC−3) and in Monterrey (UTC−6).
    expect(dateTimeIn('2026-03-02T02:30:00.000Z', 'America/Sao_Paulo')).toBe('01/03/2026 23:30');
    expect(dateTimeIn('2026-03-02T02:30:00.000Z', 'America/Monterrey')).toBe('01/03/2026 20:30');
  });
});
