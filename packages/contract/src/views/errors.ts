import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/**
 * Every 4xx/5xx answer (ARCHITECTURE "HTTP contract"). Loose: some codes carry more, e.g. the 409
 * ERR_OTHER_OPEN_TICKET names the ticket already open.
 */
export const ErrorBody = z.looseObject({
  error: z.enum(ERROR_CODES),
  /** Present on ERR_VALIDATION: one entry per failing field, message in the caller's language. */
  fields: z.array(z.object({ field: z.string(), message: z.string(), key: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
