import { z } from 'zod';

export const QuickMessageView = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  shortcode: z.string(),
  message: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** Spec 3 §3: whether the quick message carries a file (mediaPath set). */
  isMedia: z.boolean(),
  geral: z.boolean(),
  visao: z.boolean(),
});
export type QuickMessageView = z.infer<typeof QuickMessageView>;

export const QuickMessagePage = z.object({ records: z.array(QuickMessageView), count: z.number(), hasMore: z.boolean() });
export type QuickMessagePage = z.infer<typeof QuickMessagePage>;
