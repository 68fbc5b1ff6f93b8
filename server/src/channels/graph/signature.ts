import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs every webhook POST with the app secret: X-Hub-Signature-256 is `sha256=` and the
 * HMAC-SHA256 of the raw body in hex. Checked over the bytes as received, before any parsing
 * (a re-serialised JSON would not match).
 */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string | null): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value for a body, as Meta would send it (tests, benchmarks). */
export const signatureOf = (rawBody: Buffer | string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
