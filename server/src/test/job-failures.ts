import { afterAll, afterEach } from 'vitest';
import type { InlineJobQueue, JobFailure } from '../jobs/queue';

/**
 * A job that throws in a test is a failure of that test, not something to find in a log: after each
 * test (and once more when the file ends, for jobs still running then) the jobs are drained and any
 * failure nobody took fails the test. A test that means a job to fail says so with expectJobFailures().
 */
export function failTestsOnJobFailures(jobs: () => InlineJobQueue | undefined) {
  const check = async (when: string) => {
    const queue = jobs();
    if (!queue) return;
    await queue.drain();
    const left = queue.takeFailures();
    if (left.length > 0) {
      throw new Error(
        `${left.length} job(s) failed ${when} (t.expectJobFailures() takes expected ones):\n${left.map(describe).join('\n')}`,
      );
    }
  };
  afterEach(() => check('in this test'));
  afterAll(() => check('after the last test'));
}

/** Waits for the jobs sent so far and returns their failures, which a test then asserts on. At least one must have failed. */
export async function takeExpectedFailures(queue: InlineJobQueue): Promise<JobFailure[]> {
  await queue.drain();
  const failures = queue.takeFailures();
  if (failures.length === 0) throw new Error('expected a job to fail, and none did');
  return failures;
}

function describe({ job, error }: JobFailure): string {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return ` - ${job}: ${text}`;
}
