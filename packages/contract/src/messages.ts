import { z } from 'zod';
import { coercedId, fromText, queryBoolean } from './fields';

/** Message acknowledgements (ARCHITECTURE "Decisions"): 3 and 4 show as read. */
export const ACK = { pending: 0, sent: 1, delivered: 2, read: 3, played: 4, playedAlt: 5 } as const;

/** Message kinds the conversation renders (spec 1 §2.6); `conversation` and `extendedTextMessage` are text. */
export const MESSAGE_KINDS = [
  'conversation',
  'extendedTextMessage',
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'document',
  'call_log',
  'locationMessage',
  'contactMessage',
  'adMetaPreview',
  'viewOnceMessage',
  'interactiveMessage',
  'listMessage',
  'pollCreationMessageV3',
  'eventMessage',
  'reactionMessage',
  'sticker',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Editing is allowed only on one's own messages within 15 minutes (spec 1 §4.2). */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000;
export const FORWARD_PAUSE_MS = 900;
export const MIN_RECORDING_BYTES = 10_000;

// ---- Requests of the conversation (spec 1 §7 Messages). One schema per payload, shared with the web.

const INT32_MAX = 2_147_483_647;
/** Longest text a message may carry (WhatsApp's own bound). */
export const MESSAGE_BODY_MAX = 65_536;
/** Messages per page of GET /messages/:ticketUuid (the spec leaves it open). */
export const MESSAGES_PAGE_SIZE = 20;

/** Forms send booleans as "true"/"false" strings (multipart) or as booleans (JSON). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** A ticket id in a path: anything but a positive integer reads "ID do Ticket inválido." (spec 1 §5). */
const ticketIdField = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, { message: 'validation.ticketId' })
  .transform(Number)
  .refine((n) => n > 0 && n <= INT32_MAX, { message: 'validation.ticketId' });

export const TicketIdParam = z.object({ ticketId: ticketIdField });
/** The interactive routes name the ticket `:id` (POST /messages/copy/{id}, …). */
export const InteractiveTicketParam = z.object({ id: ticketIdField });

export const MessageListParams = z.object({ ticketUuid: z.string().trim().max(64) });
export const MessageListQuery = z.object({
  pageNumber: fromText(z.number().int().min(1).max(100_000)).optional().default(1),
  // Sent by existing clients (a JSON list or repeated values); the page is the ticket's messages either way.
  selectedQueues: z.union([z.string(), z.array(z.string())]).optional(),
});

const body = (max = MESSAGE_BODY_MAX) => z.string({ message: 'validation.invalid' }).max(max, { message: 'validation.tooLong' });

/** POST /messages/:ticketId as JSON. `read`, `fromMe` and `mediaUrl` come from older clients and are ignored. */
export const SendMessageInput = z
  .object({
    body: body().optional().default(''),
    quotedMsg: z
      .object({ id: coercedId('validation.invalid') })
      .nullable()
      .optional(),
    isPrivate: flag.optional().default(false),
    signMessage: flag.optional().default(false),
    vCard: z
      .object({
        name: z.string().trim().min(1, { message: 'validation.required' }).max(250, { message: 'validation.tooLong' }),
        number: z
          .string()
          .trim()
          .regex(/^\+?\d{8,20}$/, { message: 'validation.invalid' }),
      })
      .nullable()
      .optional(),
    read: z.unknown().optional(),
    fromMe: z.unknown().optional(),
    mediaUrl: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    // Empty text after trimming is not sent (spec 1 §5); a contact card needs no text.
    if (!v.vCard && v.body.trim() === '') ctx.addIssue({ code: 'custom', path: ['body'], message: 'validation.required' });
  });
export type SendMessageInput = z.infer<typeof SendMessageInput>;

/** The text fields of the multipart form: one `body` (caption) per file, in the files' order. */
export const SendMediaFields = z.object({
  body: z.array(body(4096)).default([]),
  isPrivate: flag.optional().default(false),
  signMessage: flag.optional().default(false),
  fromMe: z.unknown().optional(),
});
export type SendMediaFields = z.infer<typeof SendMediaFields>;

export const EditMessageInput = z.object({
  body: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(MESSAGE_BODY_MAX, { message: 'validation.tooLong' }),
});

/** One message per call from the web (spec 1 §7), or a batch: each is sent FORWARD_PAUSE_MS after the previous. */
export const ForwardMessageInput = z
  .object({
    messageId: coercedId('validation.invalid').optional(),
    messageIds: z.array(coercedId('validation.invalid')).max(100, { message: 'validation.tooLong' }).optional(),
    contactId: coercedId('validation.required'),
    signMessage: flag.optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.messageId === undefined && !v.messageIds?.length)
      ctx.addIssue({ code: 'custom', path: ['messageId'], message: 'validation.required' });
  });
export type ForwardMessageInput = z.infer<typeof ForwardMessageInput>;

const text = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(max, { message: 'validation.tooLong' });
const optionalText = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' }).optional().default('');

/** Lista (spec 1 §7). Bounds are WhatsApp's list-message limits, so what is accepted can be delivered. */
export const ListMessageInput = z
  .object({
    // The spec's own text for a list without a title (spec 1 §5).
    title: z
      .string({ message: 'validation.selectTitle' })
      .trim()
      .min(1, { message: 'validation.selectTitle' })
      .max(60, { message: 'validation.tooLong' }),
    text: text(4096),
    buttonText: text(20),
    footer: optionalText(60),
    sections: z
      .array(
        z.object({
          title: optionalText(24),
          rows: z
            .array(
              z.object({
                title: text(24),
                rowId: text(200),
                description: optionalText(72),
              }),
            )
            .min(1, { message: 'validation.required' })
            .max(10, { message: 'validation.tooLong' }),
        }),
      )
      .min(1, { message: 'validation.required' })
      .max(10, { message: 'validation.tooLong' }),
  })
  .superRefine((v, ctx) => {
    if (v.sections.reduce((n, s) => n + s.rows.length, 0) > 10)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: 'validation.tooLong' });
  });
export type ListMessageInput = z.infer<typeof ListMessageInput>;

/** An optional header image as base64 (a data URL prefix is accepted); about 5 MB decoded at most. */
const base64Image = z.string().max(7_000_000, { message: 'validation.tooLong' }).optional().nullable();

const buttonBase = {
  image: base64Image,
  title: optionalText(60),
  description: text(1024),
  buttonText: text(20),
  footer: optionalText(60),
};
/**
 * Copia / Me Ligue / URL. Existing clients send the button's value as `copyText` on all three routes,
 * so `phoneNumber` and `url` fall back to it.
 */
export const CopyMessageInput = z.object({ ...buttonBase, copyText: text(512) });
export const CallMessageInput = z
  .object({ ...buttonBase, phoneNumber: z.string().optional(), copyText: z.string().optional() })
  .transform((v, ctx) => {
    const phoneNumber = (v.phoneNumber || v.copyText || '').replace(/[\s()-]/g, '');
    if (!/^\+?\d{8,20}$/.test(phoneNumber)) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: phoneNumber ? 'validation.invalid' : 'validation.required' });
      return z.NEVER;
    }
    return { ...v, phoneNumber };
  });
export const UrlMessageInput = z
  .object({ ...buttonBase, url: z.string().optional(), copyText: z.string().optional() })
  .transform((v, ctx) => {
    const url = (v.url || v.copyText || '').trim();
    if (!/^https?:\/\/[^\s]{1,2000}$/i.test(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: url ? 'validation.invalid' : 'validation.required' });
      return z.NEVER;
    }
    return { ...v, url };
  });
export type CopyMessageInput = z.infer<typeof CopyMessageInput>;
export type CallMessageInput = z.infer<typeof CallMessageInput>;
export type UrlMessageInput = z.infer<typeof UrlMessageInput>;

export const PIX_KEY_TYPES = ['CNPJ', 'CPF', 'PHONE', 'EMAIL', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** "10,50", "10.50", "1.234,56" or a number: an amount in reais, kept as cents. */
const amountInCents = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const s = typeof v === 'number' ? String(v) : v.trim().replace(/^R\$\s*/, '');
  const normalized = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  const value = /^\d{1,9}(\.\d{1,2})?$/.test(normalized) ? Math.round(Number(normalized) * 100) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
    return z.NEVER;
  }
  return value;
});

export const PixMessageInput = z.object({
  title: text(60),
  sendvalue: amountInCents,
  sendkey_type: z.enum(PIX_KEY_TYPES, { message: 'validation.invalid' }),
  sendmerchant_name: text(25),
  sendKey: text(77),
});
export type PixMessageInput = z.infer<typeof PixMessageInput>;

/** yyyy-MM-dd that names a real day (2024-02-31 is refused). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'validation.invalid',
  });

export const MessagesAllMeQuery = z.object({ fromMe: queryBoolean.optional(), dateStart: day.optional(), dateEnd: day.optional() });

/** The stored file's name, as the web takes it from an audio message's mediaUrl. */
export const TranscribeParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, { message: 'validation.invalid' }),
});

// ---- dataJson of the kinds the conversation renders from structured data (spec 1 §2.6).

export interface ListMessageData {
  title: string;
  description: string;
  footerText: string;
  buttonText: string;
  sections: { title: string; rows: { title: string; description: string; rowId: string }[] }[];
}

export interface InteractiveButton {
  name: 'cta_copy' | 'cta_call' | 'cta_url';
  display_text: string;
  copy_code?: string;
  phoneNumber?: string;
  url?: string;
}

export interface InteractiveMessageData {
  header: { title: string; imageUrl: string | null };
  body: { text: string };
  footer: { text: string };
  buttons: InteractiveButton[];
}

/**
 * A body starting with [PIX]: amounts in cents, shown as R$ value/100. It is also a valid
 * interactive message (a button copies the key), so a renderer that knows only that shows it too.
 */
export interface PixMessageData extends InteractiveMessageData {
  referenceId: string;
  totalAmount: number;
  currency: 'BRL';
  order: { items: { name: string; amount: number }[] };
  headerThumbnail: string | null;
  pixKey: { key: string; keyType: PixKeyType; merchantName: string };
}
