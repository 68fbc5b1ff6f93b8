import { describe, expect, test } from 'vitest';
import { fixedWindow, inSlotOrder, ROWS_AHEAD, ROWS_BEHIND, windowLength } from './row-slots';

const range = (startIndex: number, endIndex: number, count = 10_000) => ({ startIndex, endIndex, overscan: 0, count });
const rowsFrom = (first: number, length: number) => Array.from({ length }, (_, i) => first + i);

describe('row slots', () => {
  test('the window holds the rows in view, those ahead of the scroll and those behind it', () => {
    expect(windowLength(range(100, 109))).toBe(10 + ROWS_AHEAD + ROWS_BEHIND);
  });

  test('scrolling down, the rows kept ahead are below the view; scrolling up, above it', () => {
    const length = windowLength(range(100, 109));
    expect(fixedWindow(range(100, 109), length, true)).toEqual(rowsFrom(100 - ROWS_BEHIND, length));
    expect(fixedWindow(range(100, 109), length, false)).toEqual(rowsFrom(100 - ROWS_AHEAD, length));
  });

  test('the window keeps its length at both ends of the list, and is the whole list when shorter', () => {
    expect(fixedWindow(range(0, 9), 20, true)).toEqual(rowsFrom(0, 20));
    expect(fixedWindow(range(0, 9), 20, false)).toEqual(rowsFrom(0, 20));
    expect(fixedWindow(range(9_990, 9_999), 20, true)).toEqual(rowsFrom(9_980, 20));
    expect(fixedWindow(range(0, 2, 3), 20, true)).toEqual([0, 1, 2]);
  });

  test('a row keeps its slot as the window moves; the row leaving takes the slot the next one comes into', () => {
    const rows = (first: number) => fixedWindow(range(first, first + 9), 20, true).map((index) => ({ index }));
    const before = inSlotOrder(rows(100), 20);
    const after = inSlotOrder(rows(103), 20);
    for (let slot = 0; slot < 20; slot++) {
      const was = before[slot]?.index as number;
      // Rows still in the window stay in their slot; the three that left gave theirs to the three that came.
      expect(after[slot]?.index).toBe(was >= 101 ? was : was + 20);
    }
  });

  test('turning back moves only the rows that change sides, each into the slot of a row that left', () => {
    const down = inSlotOrder(
      fixedWindow(range(100, 109), 20, true).map((index) => ({ index })),
      20,
    );
    const up = inSlotOrder(
      fixedWindow(range(100, 109), 20, false).map((index) => ({ index })),
      20,
    );
    const moved = down.filter((row, slot) => row?.index !== up[slot]?.index);
    expect(moved).toHaveLength(ROWS_AHEAD - ROWS_BEHIND);
    // The rows in view never change slot.
    for (let slot = 0; slot < 20; slot++) {
      const index = down[slot]?.index as number;
      if (index >= 100 && index <= 109) expect(up[slot]?.index).toBe(index);
    }
  });
});
