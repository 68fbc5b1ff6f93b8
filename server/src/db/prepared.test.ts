import { expect, test } from 'vitest';
import { batchedChecks } from './prepared';

test('batchedChecks: keys asked while a read is on its way are read together, and each caller hears its own answer', async () => {
  const reads: number[][] = [];
  let release!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inLane = batchedChecks<number>(async (ids) => {
    reads.push(ids);
    if (reads.length === 1) await firstReadHeld;
    return ids.filter((id) => id % 2 === 0);
  });
  const answers = [inLane(1), inLane(2), inLane(3), inLane(4), inLane(6)];
  release();
  expect(await Promise.all(answers)).toEqual([false, true, false, true, true]);
  // Two reads go at once (the first two keys), the rest wait for one of them and go together.
  expect(reads).toEqual([[1], [2], [3, 4, 6]]);
});
