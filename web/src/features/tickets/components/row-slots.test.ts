import { describe, expect, test } from 'vitest';
import { fixedWindow, inSlotOrder, windowLength } from './row-slots';

const range = (startIndex: number, endIndex: number, count = 10_000, overscan = 8) => ({ startIndex, endIndex, overscan, count });

describe('row slots', () => {
  test('the window holds the rows in view and the overscan either side', () => {
    expect(windowLength(range(100, 109))).toBe(26);
  });

  test('the window keeps its length at both ends of the list, and is the whole list when shorter', () => {
    expect(fixedWindow(range(100, 109), 26)).toEqual(Array.from({ length: 26 }, (_, i) => 92 + i));
    expect(fixedWindow(range(0, 9), 26)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(fixedWindow(range(9_990, 9_999), 26)).toEqual(Array.from({ length: 26 }, (_, i) => 9_974 + i));
    expect(fixedWindow(range(0, 2, 3), 26)).toEqual([0, 1, 2]);
  });

  test('a row keeps its slot as the window moves; the row leaving takes the slot the next one comes into', () => {
    const rows = (first: number) => fixedWindow(range(first, first + 9), 26).map((index) => ({ index }));
    const before = inSlotOrder(rows(100), 26);
    const after = inSlotOrder(rows(103), 26);
    for (let slot = 0; slot < 26; slot++) {
      const was = before[slot]?.index as number;
      // Rows still in the window stay in their slot; the three that left gave theirs to the three that came.
      expect(after[slot]?.index).toBe(was >= 95 ? was : was + 26);
    }
  });
});
