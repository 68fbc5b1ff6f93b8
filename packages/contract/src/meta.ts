import { z } from 'zod';
import { CHANNELS } from './channels';

/**
 * POST /facebook (spec 2 §7): the result of the Facebook login on the web. The user token lists
 * the user's pages; each page becomes a `facebook` connection and, with addInstagram, its linked
 * Instagram business account an `instagram` one. The tokens are write-only: no view carries them.
 */
export const FacebookConnectInput = z.object({
  facebookUserId: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  facebookUserToken: z.string().trim().min(1, 'validation.required').max(2048, 'validation.tooLong'),
  addInstagram: z.boolean().default(false),
});
export type FacebookConnectInput = z.input<typeof FacebookConnectInput>;

/** One connection POST /facebook created or refreshed (its full view comes from GET /whatsapp/:id). */
export const FacebookConnectResult = z.array(
  z.object({ id: z.number().int(), name: z.string(), channel: z.enum(CHANNELS), created: z.boolean() }),
);
export type FacebookConnectResult = z.infer<typeof FacebookConnectResult>;
