import { expect, test } from 'vitest';
import { DuplicateInbound, isDuplicate, isRetryable, RetryIngest } from './retry';

test('only collisions with a concurrent attempt are retried; the driver may wrap the database error', () => {
  expect(isRetryable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(true);
  expect(isRetryable(new Error('query failed', { cause: Object.assign(new Error('deadlock'), { code: '40P01' }) }))).toBe(true);
  expect(isRetryable(Object.assign(new Error('serialization'), { code: '40001' }))).toBe(true);
  expect(isRetryable(new RetryIngest('ticket closed meanwhile'))).toBe(true);
  expect(isRetryable(Object.assign(new Error('not null'), { code: '23502' }))).toBe(false);
  expect(isRetryable(new TypeError('bug'))).toBe(false);
  expect(isDuplicate(new Error('tx', { cause: new DuplicateInbound() }))).toBe(true);
  expect(isDuplicate(new RetryIngest())).toBe(false);
});
