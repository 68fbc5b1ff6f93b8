import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { companyFolder, mediaStorage, readUpload, requireFile, sniffFileType } from '../../media';

/** An announcement's picture: png or jpeg by its bytes (spec 3 §5), at most this size. */
const MAX_MB = 10;
const IMAGE_EXTENSIONS = new Set(['png', 'jpg']);

export interface AnnouncementUpload {
  fileName: string;
  data: Buffer;
  ext: string;
}

/**
 * The form of POST /announcements/:id/media-upload: `typeArch` (ignored: the folder is chosen here) and
 * the file. A file whose bytes are not PNG or JPEG is refused (400 ERR_INVALID_FILE) whatever its name.
 */
export async function readAnnouncementUpload(req: FastifyRequest): Promise<AnnouncementUpload> {
  if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
  const file = requireFile(await readUpload(req, { maxBytes: MAX_MB * 1024 * 1024 }));
  const type = file.data.length ? await sniffFileType(file.data) : undefined;
  if (!type || !IMAGE_EXTENSIONS.has(type.ext)) throw new AppError('ERR_INVALID_FILE', 400);
  return { fileName: file.fileName, data: file.data, ext: type.ext };
}

/** Announcements are the platform's, kept under the author's company folder. */
const folder = (companyId: number) => companyFolder(companyId, 'announcements');

export async function storeAnnouncementMedia(config: Config, companyId: number, upload: AnnouncementUpload): Promise<string> {
  return (await mediaStorage(config).put(folder(companyId), upload.data, upload.ext)).url;
}

/** Only a url this module wrote maps to a file, so nothing else can be deleted. */
export function removeAnnouncementMedia(config: Config, companyId: number, mediaPath: string | null): Promise<void> {
  return mediaStorage(config).remove(mediaPath, folder(companyId));
}
