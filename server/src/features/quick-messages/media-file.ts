import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { companyFolder, isUtf8Text, mediaStorage, readUpload, requireFile, sniffFileType, textMimeOf } from '../../media';
import { getGlobalSetting } from '../settings';

export interface MediaUpload {
  fileName: string;
  data: Buffer;
}

/** Sniffed extensions sent as documents besides images, audio and video. */
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip', 'rar', '7z', 'rtf', 'epub']);
/** Legacy Office files share one container signature (cfb); the name tells which they are. */
const LEGACY_OFFICE = new Set(['doc', 'xls', 'ppt']);

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
  const file = requireFile(await readUpload(req, { maxBytes: limit.bytes }));
  return { fileName: file.sentName, data: file.data };
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

/** The extension to store under, from the bytes (the name and declared type are not trusted), or 400. */
export async function storedExtension(upload: MediaUpload): Promise<string> {
  if (upload.data.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
  const named = path.extname(upload.fileName).slice(1).toLowerCase();
  const type = await sniffFileType(upload.data);
  if (!type) {
    if (textMimeOf(named) && isUtf8Text(upload.data)) return named;
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

const folder = (companyId: number) => companyFolder(companyId, 'quickMessage');

/** Writes the bytes under a random name; mediaPath is the public url the messages feature can send. */
export async function storeMedia(config: Config, companyId: number, data: Buffer, ext: string): Promise<string> {
  return (await mediaStorage(config).put(folder(companyId), data, ext)).url;
}

/** Removes a stored attachment; only a url this module wrote maps to a file, so nothing else can be deleted. */
export function removeMedia(config: Config, companyId: number, mediaPath: string | null): Promise<void> {
  return mediaStorage(config).remove(mediaPath, folder(companyId));
}
