/** Seconds a caller is asked to wait (`Retry-After`) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

// PostgreSQL's SQLSTATE classes that mean "the database is not there right now" rather than "this query is
// wrong": 08 connection exceptions; 57P01-57P03 the server shutting down, crashed, or not yet accepting.
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Whether an error (or any error it wraps: drizzle wraps the driver's in `cause`) says the database
 * cannot be reached. Such a request is answered 503 with Retry-After, never 500: nothing about it was
 * wrong, and the same call succeeds once the database is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
