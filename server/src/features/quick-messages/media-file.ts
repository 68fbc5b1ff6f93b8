import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { sniffFileType } from '../../http/uploads';
import { getGlobalSetting } from '../settings';

export interface MediaUpload {
  fileName: string;
  data: Buffer;
}

/** Sniffed extensions sent as documents besides images, audio and video. */
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip', 'rar', '7z', 'rtf', 'epub']);
/** Legacy Office files share one container signature (cfb); the name tells which they are. */
const LEGACY_OFFICE = new Set(['doc', 'xls', 'ppt']);
/** Formats with no signature at all, accepted only when the bytes really are text. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'json', 'vcf']);
const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

/** The global download limit (setting downloadLimit, MB), the same bound as other attachments. */
async function uploadLimit(db: DbOrTx): Promise<{ bytes: number; mb: number }> {
  const mb = Number(await getGlobalSetting(db, 'downloadLimit')) || 64;
  return { bytes: Math.floor(mb * 1024 * 1024), mb };
}

/**
 * The form of POST /quick-messages/:id/media-upload: `typeArch` (a folder name for older clients;
 * the folder is always the company's quickMessage folder) and the file. Over the limit: 413.
 */
export async function readMediaUpload(req: FastifyRequest): Promise<MediaUpload> {
  if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
  const limit = await uploadLimit(req.ctx.db);
  let upload: MediaUpload | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: limit.bytes, files: 2, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file' && upload === null) upload = { fileName: part.filename ?? '', data: await part.toBuffer() };
      else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE', 413, { limitMb: limit.mb });
    throw err;
  }
  if (!upload) throw new ZodError([{ code: 'custom', path: ['file'], message: 'validation.required', input: null }]);
  return upload;
}

/** The name shown for the attachment: no folders, no control characters, spaces as underscores (spec 3 §5). */
export function attachmentName(fileName: string): string {
  const printable = [...fileName].filter((ch) => ch.charCodeAt(0) >= 32).join('');
  const base = path
    .basename(printable.replace(/\\/g, '/'))
    .replace(/[<>:"/\\|?*]/g, '')
    .trim();
  return base.replace(/\s+/g, '_').slice(0, 200) || 'arquivo';
}

const isText = (data: Buffer) => {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
};

/** The extension to store under, from the bytes (the name and declared type are not trusted), or 400. */
export async function storedExtension(upload: MediaUpload): Promise<string> {
  if (upload.data.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
  const named = path.extname(upload.fileName).slice(1).toLowerCase();
  const type = await sniffFileType(upload.data);
  if (!type) {
    if (TEXT_EXTENSIONS.has(named) && isText(upload.data)) return named;
    throw new AppError('ERR_INVALID_FILE', 400);
  }
  if (type.ext === 'cfb') {
    if (LEGACY_OFFICE.has(named)) return named;
    throw new AppError('ERR_INVALID_FILE', 400);
  }
  const media = /^(image|audio|video)\//.test(type.mime) && type.mime !== 'image/svg+xml';
  if (media || DOCUMENT_EXTENSIONS.has(type.ext)) return type.ext;
  throw new AppError('ERR_INVALID_FILE', 400);
}

const folder = (config: Config, companyId: number) => path.join(config.dataDir, 'public', `company${companyId}`, 'quickMessage');
const publicUrl = (companyId: number, file: string) => `/public/company${companyId}/quickMessage/${file}`;

/** Writes the bytes under a random name; mediaPath is the public url the messages feature can send. */
export async function storeMedia(config: Config, companyId: number, data: Buffer, ext: string): Promise<string> {
  const dir = folder(config, companyId);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeFile(path.join(dir, file), data);
  return publicUrl(companyId, file);
}

/** Removes a stored attachment; only a url this module wrote maps to a file, so nothing else can be deleted. */
export async function removeMedia(config: Config, companyId: number, mediaPath: string | null): Promise<void> {
  const prefix = publicUrl(companyId, '');
  if (!mediaPath?.startsWith(prefix)) return;
  const file = mediaPath.slice(prefix.length);
  if (!STORED_NAME.test(file)) return;
  await unlink(path.join(folder(config, companyId), file)).catch(() => {});
}
