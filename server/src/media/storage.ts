import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import { S3Driver } from 'flydrive/drivers/s3';
import type { Config, S3StorageConfig } from '../config';
import { inertExtension } from './content-type';

/** Where the fs driver's files are served (http/web.ts); stored urls in the database start with it. */
export const PUBLIC_URL_PREFIX = '/public/';
/** The names this module writes: 128 random bits and an extension. Only such a name can be removed. */
const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,10}$/;
/** A folder is chosen by code (company42/media, logos), never by a request. */
const FOLDER = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
/** A key segment as flydrive accepts it, without "." or ".." segments. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.!-]*$/;

export interface StoredFile {
  /** The key inside the storage: <folder>/<random>.<ext>. */
  key: string;
  /** What the database keeps and the browser loads: /public/<key> with the fs driver. */
  url: string;
}

export interface FolderUsage {
  bytes: number;
  files: number;
  lastModified: Date | null;
}

/** A company's files live under company{id}/<area>; `area` omitted means all of the company's files. */
export const companyFolder = (companyId: number, area?: string) => (area ? `company${companyId}/${area}` : `company${companyId}`);

/**
 * Every file of the product (uploads, inbound media, logos, avatars) behind one flydrive Disk. The
 * security rules are in ./index.ts; this class is where they are enforced for writes and removals.
 */
export class MediaStorage {
  private readonly localRoot: string;
  private readonly remote: boolean;

  constructor(
    private readonly disk: Disk,
    readonly place: { driver: 'fs'; localRoot: string } | { driver: 's3'; localRoot: string; client: S3Client; bucket: string },
  ) {
    this.localRoot = place.localRoot;
    this.remote = place.driver !== 'fs';
  }

  /** The driver's name, for logs and the migration command. */
  get driver(): 'fs' | 's3' {
    return this.place.driver;
  }

  /** Writes the bytes under `folder` with a random name; active content is stored as .txt (see inertExtension). */
  async put(folder: string, data: Uint8Array, ext: string): Promise<StoredFile> {
    if (!FOLDER.test(folder)) throw new Error(`not a storage folder: ${folder}`);
    const key = `${folder}/${randomBytes(16).toString('hex')}.${inertExtension(ext, data)}`;
    await this.disk.put(key, data);
    return { key, url: await this.disk.getUrl(key) };
  }

  /**
   * Writes bytes under a key another storage already holds (the media migration copies keys as they
   * are, so stored urls stay valid). Only a key the module could have written is accepted.
   */
  async putAt(key: string, data: Uint8Array): Promise<void> {
    if (this.keyOf(this.url(key)) !== key) throw new Error(`not a storage key: ${key}`);
    await this.disk.put(key, data);
  }

  /** The size of a stored object, or null when it is absent. */
  async sizeOf(key: string): Promise<number | null> {
    if (!(await this.disk.exists(key))) return null;
    return (await this.disk.getMetaData(key)).contentLength;
  }

  url(key: string): string {
    return `${PUBLIC_URL_PREFIX}${key}`;
  }

  /**
   * The key behind a stored url when it lies under `folder` (anywhere in the storage when omitted),
   * else null: a foreign url, a traversal or an empty value never maps to a file.
   */
  keyOf(url: string | null | undefined, folder?: string): string | null {
    if (!url?.startsWith(PUBLIC_URL_PREFIX)) return null;
    let key: string;
    try {
      key = decodeURIComponent(url.slice(PUBLIC_URL_PREFIX.length));
    } catch {
      return null;
    }
    if (!key.split('/').every((segment) => SEGMENT.test(segment))) return null;
    return folder === undefined || key.startsWith(`${folder}/`) ? key : null;
  }

  exists(key: string): Promise<boolean> {
    return this.disk.exists(key);
  }

  /** The stored bytes, or null when the file is gone. */
  async read(key: string): Promise<Buffer | null> {
    if (!(await this.disk.exists(key))) return null;
    return Buffer.from(await this.disk.getBytes(key));
  }

  /**
   * Removes a file this module wrote under `folder`; any other value is ignored. A file that cannot be
   * removed stays as an orphan rather than failing the request that no longer needs it.
   */
  async remove(url: string | null | undefined, folder: string): Promise<void> {
    const key = this.keyOf(url, folder);
    if (!key || !STORED_NAME.test(path.posix.basename(key))) return;
    await this.disk.delete(key).catch(() => {});
  }

  /** How much a folder holds (every file below it): bytes, file count and the newest change; zeros when absent. */
  async usage(folder: string): Promise<FolderUsage> {
    if (!FOLDER.test(folder)) throw new Error(`not a storage folder: ${folder}`);
    const usage: FolderUsage = { bytes: 0, files: 0, lastModified: null };
    let paginationToken: string | undefined;
    do {
      const page = await this.disk.listAll(folder, { recursive: true, paginationToken }).catch(() => null);
      if (!page) return usage;
      for (const object of page.objects) {
        if (!object.isFile) continue;
        let meta = await object.getMetaData();
        // flydrive's S3 listing reads no size (ListObjects names it Size, not ContentLength): ask the object.
        if (!Number.isFinite(meta.contentLength)) meta = await this.disk.getMetaData(object.key);
        usage.bytes += meta.contentLength;
        usage.files += 1;
        if (!usage.lastModified || meta.lastModified > usage.lastModified) usage.lastModified = meta.lastModified;
      }
      paginationToken = page.paginationToken;
    } while (paginationToken);
    return usage;
  }

  /**
   * A file on this machine with the object's bytes, for code that hands providers a path: with the fs
   * driver the stored file itself; with object storage a copy kept under the local cache root (fetched
   * once per node; the random names never change content, so a cached copy never goes stale). Null
   * when the object is gone.
   */
  async localFile(key: string): Promise<string | null> {
    const file = path.join(this.localRoot, ...key.split('/'));
    if (!this.remote) return (await this.disk.exists(key)) ? file : null;
    if (await stat(file).catch(() => null)) return file;
    const bytes = await this.read(key);
    if (!bytes) return null;
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(partial, bytes);
    await rename(partial, file); // two concurrent fetches each write a whole file; the last rename wins
    return file;
  }

  /** The stored url of a file under the local root (see localFile), or null for any other path. */
  urlOfLocalPath(filePath: string): string | null {
    const relative = path.relative(this.localRoot, filePath);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
    return this.url(relative.split(path.sep).join('/'));
  }

  /** Every key the storage holds, page by page (the media migration walks the fs driver with it). */
  async *keys(): AsyncGenerator<string> {
    let paginationToken: string | undefined;
    do {
      const page = await this.disk.listAll('', { recursive: true, paginationToken }).catch(() => null);
      if (!page) return;
      for (const object of page.objects) if (object.isFile) yield object.key;
      paginationToken = page.paginationToken;
    } while (paginationToken);
  }
}

/** The fs driver rooted at `root`; urls are /public/<key>, served by serve.ts. */
export function fsMediaStorage(root: string): MediaStorage {
  const driver = new FSDriver({
    location: root,
    visibility: 'public',
    urlBuilder: { generateURL: async (key) => `${PUBLIC_URL_PREFIX}${key}` },
  });
  return new MediaStorage(new Disk(driver), { driver: 'fs', localRoot: root });
}

/**
 * The S3 driver (AWS S3, MinIO, Cloudflare R2...): objects stay private (no ACL calls, which R2 and
 * many S3-compatible servers lack); the app serves them under the same /public/<key> urls, so stored
 * urls do not change with the driver. `cacheRoot` keeps local copies for providers that send a path.
 */
export function s3MediaStorage(options: Omit<S3StorageConfig, 'driver'>, cacheRoot: string): MediaStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const driver = new S3Driver({
    client,
    bucket: options.bucket,
    visibility: 'private',
    supportsACL: false,
    urlBuilder: { generateURL: async (key) => `${PUBLIC_URL_PREFIX}${key}` },
  });
  return new MediaStorage(new Disk(driver), { driver: 's3', localRoot: cacheRoot, client, bucket: options.bucket });
}

const byPlace = new Map<string, MediaStorage>();

/**
 * The storage of a configuration: the fs driver under DATA_DIR/public, or the bucket of
 * STORAGE_DRIVER=s3 (with its local copies under DATA_DIR/media-cache). A module-level factory from
 * config rather than a new field in every deps object: every caller already holds the config.
 */
export function mediaStorage(config: Pick<Config, 'dataDir' | 'storage'>): MediaStorage {
  const s3 = config.storage.driver === 's3' ? config.storage : null;
  const place = s3 ? `s3:${s3.endpoint ?? 'aws'}/${s3.bucket}:${config.dataDir}` : `fs:${path.join(config.dataDir, 'public')}`;
  let storage = byPlace.get(place);
  if (!storage) {
    storage = s3 ? s3MediaStorage(s3, path.join(config.dataDir, 'media-cache')) : fsMediaStorage(path.join(config.dataDir, 'public'));
    byPlace.set(place, storage);
  }
  return storage;
}
