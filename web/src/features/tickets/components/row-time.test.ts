import { describe, expect, test } from 'vitest';
import { formatShort } from '../../../lib/format';
import { rowTime } from './row-time';

describe('rowTime', () => {
  test('writes what formatShort writes: HH:mm today, dd/MM/yyyy before', () => {
    const today = new Date();
    const samples = [
      new Date(today.getFullYear(), today.getMonth(), today.getDate(), 0, 0),
      new Date(today.getFullYear(), today.getMonth(), today.getDate(), 9, 5),
      new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59),
      new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 23, 59),
      new Date(2023, 2, 7, 15, 0),
      new Date(2024, 11, 31, 1, 2),
    ];
    for (const d of samples) expect(rowTime(d.toISOString())).toBe(formatShort(d.toISOString()));
  });
});
