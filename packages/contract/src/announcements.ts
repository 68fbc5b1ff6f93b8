import { z } from 'zod';
import { PageQuery } from './fields';

/** Announcements (spec 3 "Announcements", §3, §9). Priority 1 high, 2 medium, 3 low. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** The only attachment types (spec 3 §5), decided from the file's bytes on the server. */
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 10_000;

const priority = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'validation.invalid' }),
);
const status = z
  .union([z.boolean(), z.enum(['true', 'false'])], { message: 'validation.invalid' })
  .transform((v) => v === true || v === 'true');

const fields = {
  title: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(ANNOUNCEMENT_TITLE_MAX, { message: 'validation.tooLong' }),
  text: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(ANNOUNCEMENT_TEXT_MAX, { message: 'validation.tooLong' }),
  priority,
  status,
};

/** POST /announcements and PUT /announcements/:id. Defaults (spec 3 §4, §9): priority 3, active. */
export const AnnouncementInput = z.object({
  ...fields,
  priority: fields.priority.optional().default(3),
  status: fields.status.optional().default(true),
  // Sent by existing clients; the media has its own route.
  mediaPath: z.unknown().optional(),
  mediaName: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type AnnouncementInput = z.input<typeof AnnouncementInput>;
export type AnnouncementData = z.output<typeof AnnouncementInput>;

export const AnnouncementListQuery = PageQuery;
