import type { Range } from '@tanstack/react-virtual';

/**
 * Row recycling for the virtualized ticket list. A fast scroll brings about three rows into view
 * per frame; mounting each as new elements (and dropping the ones that left) made Chromium run a
 * full garbage collection every few hundred frames, each pause dropping a frame.
 * Instead the list renders a fixed number of slots, always in the same DOM order, and a row index
 * always lands in slot `index % slotCount`: a row leaving at the top becomes the row coming in at
 * the bottom, and only its texts and position change. Nothing moves in the DOM, so nothing is laid
 * out again but that row.
 */

/**
 * Rows kept rendered beyond the view. Ahead of the scroll, enough for the compositor to scroll into
 * for a couple of frames before the rows catch up (8 rows: 736 px, two and a half frames of a fast
 * fling); behind it, only a couple, since the rows there have just been seen. Every rendered row is
 * also work in every frame (paint chunks to layerize, boxes to hit-test), so the 6 rows saved
 * behind cost nothing to see and make each frame lighter.
 */
export const ROWS_AHEAD = 8;
export const ROWS_BEHIND = 2;

/** How many rows the window holds for this range: the rows in view plus those ahead and behind. */
export function windowLength(range: Range): number {
  return range.endIndex - range.startIndex + 1 + ROWS_AHEAD + ROWS_BEHIND;
}

/**
 * The row indexes to render: `length` consecutive rows (fewer only when the list is shorter), with
 * ROWS_BEHIND rows on the side the list scrolls away from (above the view when it scrolls down,
 * `forward`), the others ahead, and kept inside the list. A window of constant length keeps every
 * slot filled, so no slot mounts or unmounts while the list scrolls; turning back moves only the
 * rows that change sides.
 */
export function fixedWindow(range: Range, length: number, forward = true): number[] {
  const size = Math.min(length, range.count);
  const first = forward ? range.startIndex - ROWS_BEHIND : range.endIndex + ROWS_BEHIND - size + 1;
  const start = Math.max(0, Math.min(first, range.count - size));
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
