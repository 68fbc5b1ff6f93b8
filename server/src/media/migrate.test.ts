import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { companyFolder, fsMediaStorage, type MediaStorage, s3MediaStorage } from './index';
import { type MigrationProgress, migrateMedia } from './migrate';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chatflow-migrate-'));
const local = fsMediaStorage(path.join(dataDir, 'public'));
let s3: TestS3Server;
let bucket: MediaStorage;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3MediaStorage(s3.config, path.join(dataDir, 'media-cache'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run media:migrate` as a user runs it (tsx from the repository's node_modules). */
const command = (env: NodeJS.ProcessEnv) =>
  promisify(execFile)(
    path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx'),
    [path.join(import.meta.dirname, 'migrate-command.ts')],
    {
      env,
    },
  );

test('copies every local file under its own key, then skips them on the next run and copies only what is new', async () => {
  const files = [
    await local.put(companyFolder(1, 'media'), Buffer.from('first'), 'txt'),
    await local.put(companyFolder(2, 'users'), Buffer.from('89504e470d0a1a0a', 'hex'), 'png'),
    await local.put('logos', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'),
  ];
  const seen: MigrationProgress[] = [];
  const first = await migrateMedia(local, bucket, { onProgress: (p) => seen.push(p) });
  expect(first).toEqual({ done: 3, total: 3, copied: 3, skipped: 0, failed: 0 });
  expect(seen.map((p) => p.done)).toEqual([1, 2, 3]);
  for (const file of files) expect(await bucket.read(file.key)).toEqual(await local.read(file.key));

  const added = await local.put(companyFolder(1, 'media'), Buffer.from('second'), 'txt');
  expect(await migrateMedia(local, bucket)).toEqual({ done: 4, total: 4, copied: 1, skipped: 3, failed: 0 });
  expect((await bucket.read(added.key))?.toString()).toBe('second');
});

test('the command copies DATA_DIR/public to the bucket of the S3_* variables and reports its progress', async () => {
  const file = await local.put(companyFolder(3, 'fileList'), Buffer.from('catalogue'), 'txt');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.config.bucket,
    S3_REGION: s3.config.region,
    S3_ENDPOINT: s3.config.endpoint ?? '',
    S3_ACCESS_KEY_ID: s3.config.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: 'true',
    JWT_SECRET: 'x',
    JWT_REFRESH_SECRET: 'y',
  };
  const { stdout } = await command(env);
  expect(stdout).toContain(`to s3://${s3.config.bucket}`);
  expect(stdout).toMatch(/(\d+)\/\1 files: 1 copied, \d+ already there, 0 failed/);
  expect((await bucket.read(file.key))?.toString()).toBe('catalogue');

  const again = await command(env);
  expect(again.stdout).toMatch(/(\d+)\/\1 files: 0 copied, \1 already there, 0 failed/);
});

test('without STORAGE_DRIVER=s3 the command says what to set and copies nothing', async () => {
  const run = command({ ...process.env, DATA_DIR: dataDir, STORAGE_DRIVER: '', JWT_SECRET: 'x', JWT_REFRESH_SECRET: 'y' });
  await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('STORAGE_DRIVER=s3') });
});
