import path from 'node:path';
import { FILE_LIST_DOCUMENT_EXTENSIONS, FILE_LIST_FILE_FIELD, FILE_LIST_LEGACY_OFFICE } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { companyFolder, isUtf8Text, mediaStorage, readUpload, requireFile, sniffFileType, textMimeOf } from '../../media';
import { getGlobalSetting } from '../settings';

export interface FileListUpload {
  /** The option (file_list_options.id) the file belongs to, as the form sent it. */
  fileId: string | undefined;
  fileName: string;
  data: Buffer;
}

/** What a chatbot may send besides images, audio and video (by sniffed extension): the contract's lists, shared with the browser's check. */
const DOCUMENT_EXTENSIONS = new Set(FILE_LIST_DOCUMENT_EXTENSIONS);
const LEGACY_OFFICE = new Set(FILE_LIST_LEGACY_OFFICE);

/**
 * POST /files/uploadList/{id}: one file (`files`) with the option it belongs to (`fileId`). The other
 * fields existing clients send (typeArch, mediaType, name, id) are read and ignored: the folder is
 * always the company's fileList folder and the type comes from the bytes. Within downloadLimit (413).
 */
export async function readFileListUpload(req: FastifyRequest): Promise<FileListUpload> {
  const mb = Number(await getGlobalSetting(req.ctx.db, 'downloadLimit')) || 64;
  const form = await readUpload(req, { maxBytes: Math.floor(mb * 1024 * 1024), fileFields: [FILE_LIST_FILE_FIELD, 'file'] });
  const file = requireFile(form, FILE_LIST_FILE_FIELD);
  return { fileId: form.fields.fileId, fileName: file.sentName, data: file.data };
}

/** Extension and media kind from the bytes (name and declared type are not trusted), or 400. */
export async function classify(upload: Pick<FileListUpload, 'fileName' | 'data'>): Promise<{ ext: string; mediaType: string }> {
  if (upload.data.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
  const named = path.extname(upload.fileName).slice(1).toLowerCase();
  const type = await sniffFileType(upload.data);
  if (!type) {
    if (textMimeOf(named) && isUtf8Text(upload.data)) return { ext: named, mediaType: 'document' };
    throw new AppError('ERR_INVALID_FILE', 400);
  }
  if (type.ext === 'cfb') {
    if (LEGACY_OFFICE.has(named)) return { ext: named, mediaType: 'document' };
    throw new AppError('ERR_INVALID_FILE', 400);
  }
  const kind = /^(image|audio|video)\//.exec(type.mime)?.[1];
  if (kind && type.mime !== 'image/svg+xml') return { ext: type.ext, mediaType: kind };
  if (DOCUMENT_EXTENSIONS.has(type.ext)) return { ext: type.ext, mediaType: 'document' };
  throw new AppError('ERR_INVALID_FILE', 400);
}

const folder = (companyId: number) => companyFolder(companyId, 'fileList');

export async function storeFile(config: Config, companyId: number, data: Buffer, ext: string): Promise<string> {
  return (await mediaStorage(config).put(folder(companyId), data, ext)).url;
}

/** Only a url this module wrote maps to a file, so nothing else can be removed. */
export function removeFile(config: Config, companyId: number, url: string | null): Promise<void> {
  return mediaStorage(config).remove(url || null, folder(companyId));
}
