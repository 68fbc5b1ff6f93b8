import { SendRefused } from '../types';
import { GraphError } from './client';

/** Graph error codes that mean the recipient cannot be reached on WhatsApp / Messenger. */
const INVALID_RECIPIENT = new Set([131026, 131030, 100]);
/**
 * Outside the 24-hour customer-service window: Cloud API 131047 ("re-engagement message"), Messenger
 * 10 with subcode 2018278 (the message is sent outside the allowed window).
 */
const WINDOW_CLOSED = new Set([131047]);

/**
 * A send failure as the product names it. Errors that retrying cannot fix (every 4xx but 429: an
 * invalid recipient or parameter, a closed window, a bad token) become SendRefused, which fails the
 * message at once; others (network, 5xx, rate limits) are thrown as they are, and the job retries.
 */
export function sendFailure(err: unknown): unknown {
  if (!(err instanceof GraphError)) return err;
  if (err.code !== null && WINDOW_CLOSED.has(err.code)) return new SendRefused('ERR_CUSTOMER_WINDOW_CLOSED', 400);
  if (err.code === 10 && err.subcode === 2018278) return new SendRefused('ERR_CUSTOMER_WINDOW_CLOSED', 400);
  if (err.code !== null && INVALID_RECIPIENT.has(err.code) && err.status < 500) return new SendRefused('ERR_WAPP_INVALID_CONTACT', 400);
  if (err.status >= 400 && err.status < 500 && err.status !== 429) return new SendRefused('ERR_SENDING_WAPP_MSG', 400);
  return err;
}
