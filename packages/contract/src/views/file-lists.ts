import { z } from 'zod';

export const FileListOptionView = z.object({
  id: z.number(),
  name: z.string(),
  /** Public url of the uploaded file, '' until one is uploaded. */
  path: z.string(),
  mediaType: z.string(),
});
export type FileListOptionView = z.infer<typeof FileListOptionView>;

export const FileListView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(FileListOptionView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileListView = z.infer<typeof FileListView>;

export const FileListPage = z.object({ files: z.array(FileListView), count: z.number(), hasMore: z.boolean() });
export type FileListPage = z.infer<typeof FileListPage>;
