import { expect, test } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobDeps } from '../jobs/define';
import { InlineJobQueue } from '../jobs/queue';
import { takeExpectedFailures } from './job-failures';

// The harness's check (job-failures.ts) rests on the inline queue recording every handler that throws,
// including those of jobs sent by jobs and delayed jobs, and on a failure being taken only once.
const failing = defineJob({
  name: 'test.failing',
  payload: z.object({ n: z.number() }),
  async run({ n }) {
    throw new Error(`failure ${n}`);
  },
});
const chaining = defineJob({
  name: 'test.chaining',
  payload: z.object({}),
  async run(_payload, deps) {
    await failing.send(deps.jobs, { n: 2 }, { startAfterSeconds: 5 });
  },
});

function queue() {
  const q: InlineJobQueue = new InlineJobQueue([failing, chaining], () => ({ jobs: q }) as unknown as JobDeps);
  return q;
}

test('a throwing handler, also one sent by another job after a delay, is recorded with its job name', async () => {
  const q = queue();
  await failing.send(q, { n: 1 });
  await chaining.send(q, {});
  const failures = await takeExpectedFailures(q);
  expect(failures.map((f) => [f.job, (f.error as Error).message])).toEqual([
    ['test.failing', 'failure 1'],
    ['test.failing', 'failure 2'],
  ]);
  expect(q.takeFailures()).toEqual([]); // taken once: the harness's after-each check finds nothing left
});

test('expecting a failure when no job failed is itself a failure', async () => {
  const q = queue();
  await expect(takeExpectedFailures(q)).rejects.toThrow('expected a job to fail, and none did');
});
