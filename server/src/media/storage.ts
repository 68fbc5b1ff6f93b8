import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { Config } from '../config';
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
  constructor(
    private readonly disk: Disk,
    private readonly root: string,
  ) {}

  /** Writes the bytes under `folder` with a random name; active content is stored as .txt (see inertExtension). */
  async put(folder: string, data: Uint8Array, ext: string): Promise<StoredFile> {
    if (!FOLDER.test(folder)) throw new Error(`not a storage folder: ${folder}`);
    const key = `${folder}/${randomBytes(16).toString('hex')}.${inertExtension(ext, data)}`;
    await this.disk.put(key, data);
    return { key, url: await this.disk.getUrl(key) };
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
        const meta = await object.getMetaData();
        usage.bytes += meta.contentLength;
        usage.files += 1;
        if (!usage.lastModified || meta.lastModified > usage.lastModified) usage.lastModified = meta.lastModified;
      }
      paginationToken = page.paginationToken;
    } while (paginationToken);
    return usage;
  }

  /**
   * The file on disk (fs driver): providers send a file by path. An object-storage driver will hand
   * bytes or a signed url instead (the scale-out issue).
   */
  localPath(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  /** The stored url of a file on disk under the storage's root, or null for any other path. */
  urlOfLocalPath(filePath: string): string | null {
    const relative = path.relative(this.root, filePath);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
    return this.url(relative.split(path.sep).join('/'));
  }
}

/** The fs driver rooted at `root`; urls are /public/<key>, served by http/web.ts. */
export function fsMediaStorage(root: string): MediaStorage {
  const driver = new FSDriver({
    location: root,
    visibility: 'public',
    urlBuilder: { generateURL: async (key) => `${PUBLIC_URL_PREFIX}${key}` },
  });
  return new MediaStorage(new Disk(driver), root);
}

const byRoot = new Map<string, MediaStorage>();

/**
 * The storage of a configuration: the fs driver under DATA_DIR/public (an object-storage driver
 * comes with the scale-out issue and is chosen here). A module-level factory from config rather
 * than a new field in every deps object: every caller already holds the config.
 */
export function mediaStorage(config: Pick<Config, 'dataDir'>): MediaStorage {
  const root = path.join(config.dataDir, 'public');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = fsMediaStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
