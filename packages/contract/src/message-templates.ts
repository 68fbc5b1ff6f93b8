import { z } from 'zod';
import { dbId } from './fields';

/** A variable's value: WhatsApp refuses empty parameters, and a body parameter is at most 1024 characters. */
const parameterValue = z.string().trim().min(1, { message: 'validation.required' }).max(1024, { message: 'validation.invalid' });
/** Values by variable name ("1", "2", or a named variable's name). */
export const TemplateValues = z.record(
  z
    .string()
    .regex(/^[A-Za-z0-9_]{1,60}$/)
    .max(60),
  parameterValue,
);

/** POST /messages/template/:ticketId: an approved template with its variables filled. */
export const SendTemplateInput = z.object({
  templateId: dbId(),
  header: TemplateValues.default({}),
  body: TemplateValues.default({}),
  /** URL buttons with a variable suffix, by the button's index. */
  buttons: z.record(z.string().regex(/^\d{1,2}$/), parameterValue).default({}),
});
export type SendTemplateInput = z.infer<typeof SendTemplateInput>;

export const TemplateButtonView = z.object({
  type: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type TemplateButtonView = z.infer<typeof TemplateButtonView>;

export const MessageTemplateView = z.object({
  id: z.number(),
  whatsappId: z.number(),
  name: z.string(),
  language: z.string(),
  category: z.string(),
  status: z.string(),
  reason: z.string(),
  /** Whether it may be chosen: approved by Meta. */
  sendable: z.boolean(),
  header: z.object({ format: z.string(), text: z.string().nullable() }).nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  buttons: z.array(TemplateButtonView),
  /** The variables to fill, in order: of the header text, of the body, of URL buttons (by index). */
  variables: z.object({ header: z.array(z.string()), body: z.array(z.string()), buttons: z.array(z.string()) }),
  syncedAt: z.string(),
});
export type MessageTemplateView = z.infer<typeof MessageTemplateView>;

export const MessageTemplateList = z.object({
  templates: z.array(MessageTemplateView),
  /** When the list was last read from Meta (null: never). */
  syncedAt: z.string().nullable(),
});
export type MessageTemplateList = z.infer<typeof MessageTemplateList>;

/** GET /messages/window/:ticketId: whether a free text may reach the customer now. */
export const ReplyWindowView = z.object({
  /** The channel has a customer-service window (Cloud API, Messenger, Instagram). */
  applies: z.boolean(),
  open: z.boolean(),
  /** When it closes (open) or closed (the customer's last message + 24 h); null when the customer never wrote. */
  closesAt: z.string().nullable(),
  /** Templates can be sent here (a Cloud API connection). */
  templates: z.boolean(),
});
export type ReplyWindowView = z.infer<typeof ReplyWindowView>;
