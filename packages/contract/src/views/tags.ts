import { z } from 'zod';
import { TagRef } from './refs';

export const TagView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  /** Contacts carrying the tag (the tags page shows the count). */
  contactsCount: z.number(),
});
export type TagView = z.infer<typeof TagView>;

export const TagPage = z.object({ tags: z.array(TagView), count: z.number(), hasMore: z.boolean() });
export type TagPage = z.infer<typeof TagPage>;

/** POST /tags/sync: the contact's tags after the change. */
export const TagSyncResult = z.object({ tags: z.array(TagRef) });
