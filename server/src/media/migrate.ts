import type { MediaStorage } from './storage';

export interface MigrationProgress {
  /** Files looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  /** Already in the target with the same size (an earlier run copied them). */
  skipped: number;
  failed: number;
}

/**
 * Copies every file of `from` (the fs driver's DATA_DIR/public) to `to` (the bucket) under the same
 * key, so the urls the database holds stay valid. Idempotent: a key the target already holds with the
 * same size is skipped, so an interrupted run is simply started again. A file that cannot be read or
 * written is counted as failed and named through `onFailure`; the others go on.
 */
export async function migrateMedia(
  from: MediaStorage,
  to: MediaStorage,
  hooks: { onProgress?: (p: MigrationProgress) => void; onFailure?: (key: string, err: unknown) => void } = {},
): Promise<MigrationProgress> {
  const keys: string[] = [];
  for await (const key of from.keys()) keys.push(key);
  const progress: MigrationProgress = { done: 0, total: keys.length, copied: 0, skipped: 0, failed: 0 };
  for (const key of keys) {
    try {
      const size = await from.sizeOf(key);
      if (size !== null && (await to.sizeOf(key)) === size) progress.skipped += 1;
      else {
        const bytes = await from.read(key);
        if (!bytes) throw new Error('the file went away');
        await to.putAt(key, bytes);
        progress.copied += 1;
      }
    } catch (err) {
      progress.failed += 1;
      hooks.onFailure?.(key, err);
    }
    progress.done += 1;
    hooks.onProgress?.({ ...progress });
  }
  return progress;
}
