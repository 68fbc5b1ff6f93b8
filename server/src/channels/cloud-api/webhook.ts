import { z } from 'zod';

/**
 * The parts of a WhatsApp Cloud API webhook ("object": "whatsapp_business_account") the product
 * reads, in Meta's documented shape. Unknown fields and message types pass through (`loose`), so a
 * new Meta type is logged and skipped rather than failing the whole delivery.
 */
const MediaRef = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

export const CloudMessage = z.looseObject({
  /** The sender's phone number; left out for a user with a username whose number Meta withholds. */
  from: z.string().optional(),
  /** The sender's business-scoped user id (BSUID). */
  from_user_id: z.string().optional(),
  id: z.string(),
  timestamp: z.string().optional(),
  type: z.string(),
  context: z.looseObject({ id: z.string().optional() }).optional(),
  text: z.looseObject({ body: z.string() }).optional(),
  image: MediaRef.optional(),
  video: MediaRef.optional(),
  audio: MediaRef.optional(),
  document: MediaRef.optional(),
  sticker: MediaRef.optional(),
  location: z
    .looseObject({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() })
    .optional(),
  contacts: z
    .array(
      z.looseObject({
        name: z.looseObject({ formatted_name: z.string() }),
        phones: z.array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
});
export type CloudMessage = z.infer<typeof CloudMessage>;

export const CloudStatus = z.looseObject({
  id: z.string(),
  status: z.string(),
  recipient_id: z.string().optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional() })).optional(),
});
export type CloudStatus = z.infer<typeof CloudStatus>;

export const CloudChangeValue = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  metadata: z.looseObject({ phone_number_id: z.string(), display_phone_number: z.string().optional() }),
  contacts: z
    .array(
      z.looseObject({
        wa_id: z.string().optional(),
        user_id: z.string().optional(),
        profile: z.looseObject({ name: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
export type CloudChangeValue = z.infer<typeof CloudChangeValue>;
