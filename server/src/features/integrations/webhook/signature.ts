import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header names of a webhook or n8n delivery (documented in the README's "Queue integrations"). */
export const SIGNATURE_HEADER = 'x-chatflow-signature';
export const DELIVERY_HEADER = 'x-chatflow-delivery';
export const EVENT_HEADER = 'x-chatflow-event';

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes with the integration's secret. */
export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** What a receiver does: recompute and compare in constant time. */
export function verifySignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
