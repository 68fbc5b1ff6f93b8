import { z } from 'zod';
import { dbId } from './fields';
import { TemplateValues } from './message-templates';

/** Digits of a phone number with its country code: 8 to 15 (E.164), separators allowed when sent. */
export const externalNumber = () =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .regex(/^\+?[\d\s().-]+$/, { message: 'validation.invalid', abort: true })
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().min(8, { message: 'validation.invalid' }).max(15, { message: 'validation.invalid' }));

/** Forms (multipart) send booleans as 'true'/'false'. */
const flag = () =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean({ message: 'validation.invalid' }));
/** Forms send '' for "none". */
const optionalId = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), dbId().optional());

/**
 * POST /api/messages/send (spec 3 "External messages API"): JSON, or multipart with `medias` files
 * and these fields. The connection comes from the bearer token; body is required without files.
 */
export const ExternalSendInput = z.object({
  number: externalNumber(),
  body: z.string().max(5000, { message: 'validation.tooLong' }).optional().default(''),
  userId: optionalId(),
  queueId: optionalId(),
  sendSignature: flag().optional().default(false),
  closeTicket: flag().optional().default(false),
  /**
   * WhatsApp Cloud API: an approved template by Meta's name and language, with its variables (header and
   * body by variable name, URL buttons by index). The one message Meta delivers outside the 24-hour window.
   */
  template: z
    .object({
      name: z.string().trim().min(1, { message: 'validation.required' }).max(512, { message: 'validation.tooLong' }),
      language: z.string().trim().min(2, { message: 'validation.required' }).max(15, { message: 'validation.invalid' }),
      header: TemplateValues.optional(),
      body: TemplateValues.optional(),
      buttons: TemplateValues.optional(),
    })
    .optional(),
});
export type ExternalSendInput = z.input<typeof ExternalSendInput>;
export type ExternalSendData = z.output<typeof ExternalSendInput>;

export const ExternalSendView = z.object({
  message: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  messageIds: z.array(z.number()),
});
export type ExternalSendView = z.infer<typeof ExternalSendView>;
