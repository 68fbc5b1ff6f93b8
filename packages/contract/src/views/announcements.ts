import { z } from 'zod';

/** Announcement (spec 3 §3): id, title, text, priority, status, mediaPath, mediaName. */
export const AnnouncementView = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementView = z.infer<typeof AnnouncementView>;

export const AnnouncementPage = z.object({ records: z.array(AnnouncementView), count: z.number(), hasMore: z.boolean() });
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;
