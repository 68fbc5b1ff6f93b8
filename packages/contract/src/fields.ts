import { z } from 'zod';
import type { ValidationKey } from './validation-texts';

/** Small builders so every schema states its bounds with the same keys. */
const msg = (key: ValidationKey) => ({ message: key });

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

/** Ids in paths arrive as strings; anything but a positive integer is a 400, never a 500. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Query booleans arrive as "true"/"false" strings. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const PageQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});
