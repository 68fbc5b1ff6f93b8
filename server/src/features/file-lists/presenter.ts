import type { FileListView } from '@chatflow/contract';
import type { FileListOptionRow, FileListRow } from '../../db/schema';

/** Whitelist of what leaves the server about a file list; `options` in the order they were entered. */
export const presentFileList = (f: FileListRow, options: readonly FileListOptionRow[]): FileListView => ({
  id: f.id,
  name: f.name,
  message: f.message,
  userId: f.userId,
  options: options.map((o) => ({ id: o.id, name: o.name, path: o.path, mediaType: o.mediaType })),
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});
