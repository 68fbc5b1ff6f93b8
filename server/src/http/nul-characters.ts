import type { FastifyInstance } from 'fastify';

/** A text without U+0000 (PostgreSQL cannot store it in a text column, and no person types it). */
export const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/** Every string inside a parsed body, query or params, NUL removed; objects and arrays walked in place. */
export function stripNul<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return withoutNul(value) as T;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = stripNul(record[key], depth + 1);
  return value;
}

/**
 * One rule for U+0000 in anything a caller sends: it is removed before validation, on every route, so every
 * text field and query parameter is stored and searched without it and none of them can turn into a database
 * error. Removed rather than refused: it is invisible, carries nothing a person meant, and the same rule then
 * fits what providers send (inbound text is cleaned, never refused). Multipart fields go through the same
 * function (media/upload.ts).
 */
export function installNulStripping(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    req.body = stripNul(req.body);
    req.query = stripNul(req.query);
    req.params = stripNul(req.params);
  });
}
