import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIN_RECORDING_BYTES, SendMediaFields } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { sniffFileType } from '../../http/uploads';
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
/** Files with no magic number that are still fine to send as documents: plain text formats. */
const TEXT_EXTENSIONS: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', json: 'application/json', vcf: 'text/vcard' };
const MAX_FILES = 20;
const ACTIVE_CONTENT: readonly string[] = ['xml', 'html', 'htm', 'xhtml', 'svg', 'js', 'mjs'];

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
  const fields: Record<string, unknown> = { body: [] as string[] };
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: limit.bytes, files: MAX_FILES, fields: 60, fieldSize: 70_000 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'body') (fields.body as string[]).push(String(part.value));
        else fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'medias') {
        files.push({ fileName: safeName(part.filename), data: await part.toBuffer() });
      } else {
        part.file.resume(); // another file field: drained and ignored
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE', 413, { limitMb: limit.mb });
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw fieldError('medias', 'validation.tooLong');
    throw err;
  }
  if (files.length === 0) throw fieldError('medias', 'validation.required');
  const form = SendMediaFields.parse(fields);
  return { ...form, files };
}

/** A display name only: the stored name is always random. */
function safeName(name: string | undefined): string {
  const base = [...path.basename(String(name ?? ''))]
    .filter((ch) => ch.charCodeAt(0) >= 32 && !'<>:"/\\|?*'.includes(ch))
    .join('')
    .trim();
  return base.slice(0, 200) || 'file';
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
    const mime = TEXT_EXTENSIONS[ext];
    if (!mime || recording || file.data.includes(0)) throw new AppError('ERR_INVALID_FILE', 400);
    return { mime, ext, mediaType: 'document' };
  }
  if (recording) {
    if (!/^(audio|video)\//.test(sniffed.mime)) throw new AppError('ERR_INVALID_FILE', 400);
    return { mime: sniffed.mime.replace(/^video\//, 'audio/'), ext: sniffed.ext, mediaType: 'audio' };
  }
  // Markup a browser would run if served under its own type (an XML invoice may carry XHTML) is
  // stored as .txt: /public serves it as plain text. The display name keeps the real extension.
  const ext = ACTIVE_CONTENT.includes(sniffed.ext) ? 'txt' : sniffed.ext;
  return { mime: sniffed.mime, ext, mediaType: mediaTypeOf(sniffed.mime) };
}

export function mediaTypeOf(mime: string): OutboundMediaType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

const mediaDir = (config: Config, companyId: number) => path.join(config.dataDir, 'public', `company${companyId}`, 'media');

/** Stores bytes under a random name in the company's media folder; returns the public url. */
export async function storeMedia(config: Config, companyId: number, data: Buffer, ext: string): Promise<string> {
  const dir = mediaDir(config, companyId);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '').slice(0, 10) || 'bin'}`;
  await writeFile(path.join(dir, name), data);
  return `/public/company${companyId}/media/${name}`;
}

/**
 * The file on disk behind a public media url, or null when the url is not a file under the
 * company's public folder (never a path outside DATA_DIR/public/company{id}).
 */
export function mediaFilePath(config: Config, companyId: number, mediaUrl: string | null): string | null {
  const prefix = `/public/company${companyId}/`;
  if (!mediaUrl?.startsWith(prefix)) return null;
  const root = path.join(config.dataDir, 'public', `company${companyId}`);
  const full = path.resolve(root, mediaUrl.slice(prefix.length));
  return full.startsWith(root + path.sep) ? full : null;
}
