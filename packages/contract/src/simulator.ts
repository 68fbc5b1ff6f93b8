import { z } from 'zod';

/** What the simulated customer can send (issue 3, README "Simulator"). */
export const SIMULATOR_MESSAGE_TYPES = ['text', 'image', 'audio', 'video', 'document', 'location', 'contact'] as const;
export type SimulatorMessageType = (typeof SIMULATOR_MESSAGE_TYPES)[number];

/** WhatsApp's own media limit; base64 makes the JSON body about 4/3 of this. */
export const SIMULATOR_MAX_FILE_BYTES = 16 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w.+-]+=[^;,]*)*;base64,([A-Za-z0-9+/\r\n]*={0,2}\s*)$/;
const LAT_LNG = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "lat,lng" as numbers, or null when it is not a valid position. */
export function parseLatLng(text: string): { latitude: number; longitude: number } | null {
  const m = LAT_LNG.exec(text);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The declared type and base64 content of a data: URL (only base64 data URLs are accepted). */
export function parseDataUrl(url: string): { mimeType: string | null; base64: string } | null {
  const m = DATA_URL.exec(url);
  return m ? { mimeType: m[1] ?? null, base64: m[3] } : null;
}

const MEDIA_TYPES: readonly SimulatorMessageType[] = ['image', 'audio', 'video', 'document'];
const maxBase64 = Math.ceil((SIMULATOR_MAX_FILE_BYTES * 4) / 3) + 1024;

/**
 * POST /simulator/{connectionId}/messages: one message from the simulated customer. Media comes as a
 * data: URL or a base64 `file`; a remote (http/https) URL is refused, since the server never fetches
 * what a caller points it at.
 */
export const SimulatorInboundInput = z
  .object({
    from: z
      .string({ message: 'validation.required' })
      .trim()
      .regex(/^\d{8,20}$/, { message: 'validation.invalid' }),
    name: z.string().trim().max(250, { message: 'validation.tooLong' }).optional().default(''),
    body: z.string().max(65536, { message: 'validation.tooLong' }).optional().default(''),
    type: z.enum(SIMULATOR_MESSAGE_TYPES, { message: 'validation.invalid' }).optional().default('text'),
    mediaUrl: z
      .string()
      .max(maxBase64, { message: 'validation.tooLong' })
      .refine((v) => DATA_URL.test(v), { message: 'validation.invalid' })
      .optional(),
    file: z
      .string()
      .max(maxBase64, { message: 'validation.tooLong' })
      .refine((v) => BASE64.test(v), { message: 'validation.invalid' })
      .optional(),
    mimeType: z
      .string()
      .trim()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, { message: 'validation.invalid' })
      .optional(),
    fileName: z.string().trim().min(1, { message: 'validation.required' }).max(255, { message: 'validation.tooLong' }).optional(),
    /** Location only: the place's description. */
    description: z.string().max(1000, { message: 'validation.tooLong' }).optional(),
    /** External id of the message being replied to (inbound or outbound). */
    quotedId: z.string().trim().min(1).max(128, { message: 'validation.tooLong' }).optional(),
    /** The message's external id; generated when absent. Sending the same id again stores nothing. */
    id: z
      .string()
      .trim()
      .regex(/^[\w.:-]{1,128}$/, { message: 'validation.invalid' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type === 'text' && !v.body.trim()) issue('body', 'validation.required');
    if (MEDIA_TYPES.includes(v.type)) {
      if (!v.mediaUrl && !v.file) issue('mediaUrl', 'validation.required');
      if (v.mediaUrl && v.file) issue('file', 'validation.invalid');
    } else if (v.mediaUrl || v.file) {
      issue(v.mediaUrl ? 'mediaUrl' : 'file', 'validation.invalid');
    }
    if (v.type === 'location' && !parseLatLng(v.body)) issue('body', 'validation.invalid');
    if (v.type === 'contact' && !/BEGIN:VCARD[\s\S]*END:VCARD/i.test(v.body)) issue('body', 'validation.invalid');
  });
export type SimulatorInboundInput = z.input<typeof SimulatorInboundInput>;
export type SimulatorInboundData = z.output<typeof SimulatorInboundInput>;

/** GET /simulator/{connectionId}/messages?number= */
export const SimulatorConversationQuery = z.object({
  number: z
    .string({ message: 'validation.required' })
    .trim()
    .regex(/^\d{8,20}$/, { message: 'validation.invalid' }),
});
