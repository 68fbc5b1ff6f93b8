import { z } from 'zod';
import type { ValidationKey } from './validation-texts';

/** Small builders so every schema states its bounds with the same keys. */
const msg = (key: ValidationKey) => ({ message: key });

/** Text that spells a number, as paths, query strings and form fields carry numbers; anything else as it came. */
const numberFromText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/**
 * A number that may arrive as text ("42" from a path, a query string or a form). Used instead of
 * z.coerce.number(), which also turns true into 1, null and [] into 0 and [[[7]]] into 7: input the
 * contract documents as a number must be a number or its text, anything else is a 400.
 */
export const fromText = <T extends z.ZodType>(schema: T) => z.preprocess(numberFromText, schema);

export const requiredString = () => z.string(msg('validation.required')).trim().min(1, msg('validation.required'));

export const boundedString = (min: number, max: number) =>
  z
    .string(msg('validation.required'))
    .trim()
    .min(1, msg('validation.required'))
    .min(min, msg('validation.tooShort'))
    .max(max, msg('validation.tooLong'));

export const email = () =>
  z
    .string(msg('validation.required'))
    .trim()
    .min(1, msg('validation.required'))
    .max(254, msg('validation.tooLong'))
    .pipe(z.email(msg('validation.invalidEmail')));

export const password = () => boundedString(5, 50);

export const hhmm = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('validation.time'));

export const enabledDisabled = z.enum(['enabled', 'disabled']);
export type EnabledDisabled = z.infer<typeof enabledDisabled>;

/**
 * Row ids are PostgreSQL integers: 1 to 2³¹−1. Every id a caller sends (path, query, body, list filter) is
 * one of these two, so anything else is a 400 naming the field, never a database error. `key` is what a
 * wrong id says, `missing` what an absent one says.
 */
export const MAX_ID = 2_147_483_647;
export const dbId = (key: ValidationKey = 'validation.invalid', missing: ValidationKey = key) =>
  z.number(msg(missing)).int(msg(key)).positive(msg(key)).max(MAX_ID, msg(key));
/** The same id arriving as text (paths, query strings, multipart fields). */
export const coercedId = (key: ValidationKey = 'validation.invalid', missing: ValidationKey = key) =>
  fromText(z.number(msg(missing)).int(msg(key)).positive(msg(key)).max(MAX_ID, msg(key)));

/** Ids in paths arrive as strings. */
export const IdParam = z.object({ id: coercedId() });

/** Query booleans arrive as "true"/"false" strings. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const PageQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: fromText(z.number().int().min(1).max(100000)).optional().default(1),
});
