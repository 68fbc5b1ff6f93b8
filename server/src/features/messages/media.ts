import path from 'node:path';
import { MIN_RECORDING_BYTES, SendMediaFields } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { companyFolder, inertExtension, mediaStorage, readUpload, sniffFileType, textMimeOf } from '../../media';
import { getGlobalSetting } from '../settings';

export type OutboundMediaType = 'image' | 'video' | 'audio' | 'document';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}
export interface ClassifiedFile {
  mime: string;
  ext: string;
  mediaType: OutboundMediaType;
}

/** A browser recording arrives as audio-<something>.webm/ogg/mp3 (spec 1 §4.2). */
const RECORDING_NAME = /^audio[^/\\]*\.(webm|ogg|oga|mp3|m4a)$/i;
const MAX_FILES = 20;

/** The global download limit in bytes (setting downloadLimit, MB, 64 unless set). */
export async function downloadLimitBytes(db: DbOrTx): Promise<{ bytes: number; mb: number }> {
  const mb = Number(await getGlobalSetting(db, 'downloadLimit')) || 64;
  return { bytes: Math.floor(mb * 1024 * 1024), mb };
}

const fieldError = (field: string, message: string) => new ZodError([{ code: 'custom', path: [field], message, input: null }]);

/**
 * Reads POST /messages/:ticketId as multipart: text fields (one `body` per file, in order) and the
 * `medias` files. A file over the limit stops the request with 413 and the limit in MB.
 */
export async function readMediaForm(req: FastifyRequest, limit: { bytes: number; mb: number }) {
  const form = await readUpload(req, {
    maxBytes: limit.bytes,
    maxFiles: MAX_FILES,
    fileFields: ['medias'],
    maxFields: 60,
    maxFieldSize: 70_000,
  });
  const files: UploadedFile[] = form.files.map((f) => ({ fileName: f.fileName, data: f.data }));
  if (files.length === 0) throw fieldError('medias', 'validation.required');
  return { ...SendMediaFields.parse({ ...form.fields, body: form.values.body ?? [] }), files };
}

export const isRecording = (file: UploadedFile) => RECORDING_NAME.test(file.fileName);

/**
 * The file's type from its bytes; the declared type and the name's extension are not trusted. A
 * file with no recognisable signature passes only as a plain-text document (.txt, .csv, …), so a
 * text file renamed .png is refused. Browser recordings are audio even when the container sniffs
 * as video (webm); recordings under MIN_RECORDING_BYTES are refused as too short.
 */
export async function classifyFile(file: UploadedFile): Promise<ClassifiedFile> {
  if (file.data.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
  const recording = isRecording(file);
  if (recording && file.data.length < MIN_RECORDING_BYTES) throw fieldError('medias', 'validation.tooShort');
  const sniffed = await sniffFileType(file.data);
  if (!sniffed) {
    const ext = path.extname(file.fileName).slice(1).toLowerCase();
    const mime = textMimeOf(ext);
    if (!mime || recording || file.data.includes(0)) throw new AppError('ERR_INVALID_FILE', 400);
    return { mime, ext, mediaType: 'document' };
  }
  if (recording) {
    if (!/^(audio|video)\//.test(sniffed.mime)) throw new AppError('ERR_INVALID_FILE', 400);
    return { mime: sniffed.mime.replace(/^video\//, 'audio/'), ext: sniffed.ext, mediaType: 'audio' };
  }
  // Markup (an XML invoice may carry XHTML) is stored as .txt; the display name keeps the real extension.
  return { mime: sniffed.mime, ext: inertExtension(sniffed.ext, file.data), mediaType: mediaTypeOf(sniffed.mime) };
}

export function mediaTypeOf(mime: string): OutboundMediaType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** Stores bytes under a random name in the company's media folder; returns the public url. */
export async function storeMedia(config: Config, companyId: number, data: Buffer, ext: string): Promise<string> {
  return (await mediaStorage(config).put(companyFolder(companyId, 'media'), data, ext)).url;
}

/** Removes a file stored by storeMedia (a batch that was not recorded). */
export function removeMedia(config: Pick<Config, 'dataDir' | 'storage'>, companyId: number, mediaUrl: string): Promise<void> {
  return mediaStorage(config).remove(mediaUrl, companyFolder(companyId, 'media'));
}

/**
 * A local file with the bytes behind a public media url (the stored file, or a cached copy of the
 * bucket's object), or null when the url is not a file under the company's folder or is gone.
 */
export async function mediaFilePath(config: Config, companyId: number, mediaUrl: string | null): Promise<string | null> {
  const storage = mediaStorage(config);
  const key = storage.keyOf(mediaUrl, companyFolder(companyId));
  return key ? storage.localFile(key) : null;
}
