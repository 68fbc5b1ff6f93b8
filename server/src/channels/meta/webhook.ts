import { z } from 'zod';

/**
 * One Messenger / Instagram messaging event (webhook objects `page` and `instagram`,
 * entry[].messaging[]), in Meta's documented shape: a message, a delivery or read report, or a
 * reaction. Unknown fields pass through.
 */
export const MessagingEvent = z.looseObject({
  sender: z.looseObject({ id: z.string() }),
  recipient: z.looseObject({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      reply_to: z.looseObject({ mid: z.string().optional() }).optional(),
      attachments: z
        .array(z.looseObject({ type: z.string(), payload: z.looseObject({ url: z.string().optional() }).nullish() }))
        .optional(),
    })
    .optional(),
  delivery: z.looseObject({ mids: z.array(z.string()).optional() }).optional(),
  read: z.looseObject({ mid: z.string().optional(), watermark: z.number().optional() }).optional(),
  reaction: z.looseObject({ mid: z.string(), action: z.string().optional(), emoji: z.string().optional() }).optional(),
});
export type MessagingEvent = z.infer<typeof MessagingEvent>;

/** Attachment types in the product's message kinds (Messenger says `file` for documents). */
export const ATTACHMENT_KINDS: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', file: 'document' };
