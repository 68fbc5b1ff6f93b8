import path from 'node:path';
import { loadConfig } from '../config';
import { type MigrationProgress, migrateMedia } from './migrate';
import { fsMediaStorage, mediaStorage } from './storage';

/**
 * `npm run media:migrate -w @chatflow/server`: copies the local media (DATA_DIR/public) to the bucket
 * of STORAGE_DRIVER=s3 with the S3_* variables, under the same keys. Safe to run again (files already
 * there are skipped) and while nodes serve: start the nodes with STORAGE_DRIVER=s3 once it finished,
 * then run it once more to catch files uploaded meanwhile.
 */
async function main() {
  const config = loadConfig(process.env);
  if (config.storage.driver !== 's3') {
    console.error('Set STORAGE_DRIVER=s3 and the S3_* variables of the target bucket (README "Media storage").');
    process.exit(2);
  }
  const source = path.join(config.dataDir, 'public');
  const from = fsMediaStorage(source);
  const to = mediaStorage(config);
  console.log(`Copying ${source} to s3://${config.storage.bucket} (${config.storage.endpoint ?? 'AWS'})`);
  const everyTenth = (p: MigrationProgress) => p.done === p.total || p.done % Math.max(1, Math.ceil(p.total / 10)) === 0;
  const result = await migrateMedia(from, to, {
    onProgress: (p) => {
      if (everyTenth(p)) console.log(`${p.done}/${p.total} files: ${p.copied} copied, ${p.skipped} already there, ${p.failed} failed`);
    },
    onFailure: (key, err) => console.error(`failed: ${key}: ${err instanceof Error ? err.message : String(err)}`),
  });
  if (result.total === 0) console.log('No local media to copy.');
  process.exit(result.failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
