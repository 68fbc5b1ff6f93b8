import path from 'node:path';
import {
  FLOW_UPLOAD_EXTENSIONS,
  FLOW_UPLOAD_FIELD,
  FLOW_UPLOAD_MAX_BYTES,
  FLOW_UPLOAD_MAX_MB,
  type FlowUploadedFileView,
} from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { companyFolder, mediaStorage, readUpload, requireFile, sniffFileType, type UploadedFile } from '../../media';

type MediaKind = FlowUploadedFileView['mediaType'];

/** The ext file-type reports for each accepted format (ogg opus is reported as "opus", jpeg as "jpg"). */
const SNIFFED: Record<string, MediaKind> = { png: 'img', jpg: 'img', ogg: 'audio', opus: 'audio', mp3: 'audio', mp4: 'video' };

/** Which kinds each route takes: /img images, /audio sound or video (the video dialog posts there), /content all three. */
export const FLOW_UPLOAD_KINDS = {
  content: ['img', 'audio', 'video'],
  img: ['img'],
  audio: ['audio', 'video'],
} as const satisfies Record<string, readonly MediaKind[]>;

/**
 * Reads the files of a flow-builder upload within 20,000,000 bytes each (spec 3 §9); over it is 413
 * ERR_FILE_TOO_LARGE with limitMb 20 ("Arquivo é muito grande! 20MB máximo"). No file is a
 * validation error on `medias`.
 */
export async function readFlowUpload(req: FastifyRequest, maxFiles: number): Promise<UploadedFile[]> {
  try {
    const form = await readUpload(req, { maxBytes: FLOW_UPLOAD_MAX_BYTES, maxFiles, fileFields: [FLOW_UPLOAD_FIELD], maxFields: 20 });
    requireFile(form, FLOW_UPLOAD_FIELD);
    return form.files;
  } catch (err) {
    // readUpload states the limit in MiB; the spec's limit is decimal (20 MB = 20,000,000 bytes).
    if (err instanceof AppError && err.code === 'ERR_FILE_TOO_LARGE')
      throw new AppError('ERR_FILE_TOO_LARGE', 413, { limitMb: FLOW_UPLOAD_MAX_MB });
    throw err;
  }
}

/** The kind of a file from its bytes, checked against the kinds the route takes and the spec's extensions; else 400. */
async function classify(file: UploadedFile, kinds: readonly MediaKind[]): Promise<{ kind: MediaKind; ext: string }> {
  const type = await sniffFileType(file.data);
  const kind = type ? SNIFFED[type.ext] : undefined;
  if (!type || !kind || !kinds.includes(kind)) throw new AppError('ERR_INVALID_FILE', 400);
  // The sent name must agree with an accepted extension of that kind when it has one (a .mp3 that is really a png is refused above).
  const named = path.extname(file.sentName).slice(1).toLowerCase();
  if (named && !(FLOW_UPLOAD_EXTENSIONS[kind] as readonly string[]).includes(named) && named !== type.ext)
    throw new AppError('ERR_INVALID_FILE', 400);
  return { kind, ext: type.ext };
}

const folder = (companyId: number) => companyFolder(companyId, 'flowbuilder');

/**
 * Checks every file first, then stores each under a random name in the company's flowbuilder folder
 * (a refused file stores nothing). `name` is the public url a node keeps in `value`/`url`.
 */
export async function storeFlowMedia(
  req: FastifyRequest,
  files: readonly UploadedFile[],
  kinds: readonly MediaKind[],
): Promise<FlowUploadedFileView[]> {
  const checked = [];
  for (const file of files) checked.push({ file, ...(await classify(file, kinds)) });
  const storage = mediaStorage(req.ctx.config);
  const stored: FlowUploadedFileView[] = [];
  for (const { file, kind, ext } of checked) {
    const { url } = await storage.put(folder(req.ctx.companyId), file.data, ext);
    stored.push({ name: url, original: file.fileName, mediaType: kind });
  }
  return stored;
}
