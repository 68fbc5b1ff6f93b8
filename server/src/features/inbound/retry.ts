/** Thrown inside an ingest attempt to roll it back and run it again from the start. */
export class RetryIngest extends Error {}

/** Thrown inside an attempt when the message is already stored: rolls back whatever the attempt wrote. */
export class DuplicateInbound extends Error {}

const RETRYABLE_SQLSTATES = new Set([
  '23505', // unique violation: another transaction wrote the same contact or active ticket first
  '40001', // serialization failure
  '40P01', // deadlock detected
]);

/** Whether an attempt failed only because of a concurrent one, so that running it again will do. */
export function isRetryable(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e instanceof RetryIngest) return true;
    if (typeof e.code === 'string' && RETRYABLE_SQLSTATES.has(e.code)) return true;
  }
  return false;
}

export function isDuplicate(err: unknown): boolean {
  for (let e = err as { cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e instanceof DuplicateInbound) return true;
  }
  return false;
}
