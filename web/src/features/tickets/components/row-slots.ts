import type { Range } from '@tanstack/react-virtual';

/**
 * Row recycling for the virtualized ticket list. A fast scroll brings about three rows into view
 * per frame; mounting each as new elements (and dropping the ones that left) made Chromium run a
 * full garbage collection every few hundred frames, each a pause of 8–14 ms that dropped a frame.
 * Instead the list renders a fixed number of slots, always in the same DOM order, and a row index
 * always lands in slot `index % slotCount`: a row leaving at the top becomes the row coming in at
 * the bottom, and only its texts and position change. Nothing moves in the DOM, so nothing is laid
 * out again but that row.
 */

/** How many rows the window holds for this range: the rows in view plus the overscan either side. */
export function windowLength(range: Range): number {
  return range.endIndex - range.startIndex + 1 + 2 * range.overscan;
}

/**
 * The row indexes to render: `length` consecutive rows (fewer only when the list is shorter),
 * starting `overscan` rows above the first in view and kept inside the list. A window of constant
 * length keeps every slot filled, so no slot mounts or unmounts while the list scrolls.
 */
export function fixedWindow(range: Range, length: number): number[] {
  const size = Math.min(length, range.count);
  const start = Math.max(0, Math.min(range.startIndex - range.overscan, range.count - size));
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The rendered rows in slot order: entry `s` is the row whose index is `s` modulo `slotCount`.
 * Consecutive indexes never share a slot while the window is at most `slotCount` long.
 */
export function inSlotOrder<T extends { index: number }>(rows: readonly T[], slotCount: number): (T | undefined)[] {
  const slots: (T | undefined)[] = new Array(slotCount);
  for (const row of rows) slots[row.index % slotCount] = row;
  return slots;
}
