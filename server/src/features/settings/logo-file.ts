import { WHITELABEL_LOGO_MAX_BYTES, WhitelabelLogoFields, type WhitelabelLogoMode } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { isSvgDocument, loadSharp, mediaStorage, readUpload, sniffFileType } from '../../media';

const RASTER_TYPES = ['png', 'jpg', 'webp', 'ico'] as const;
/** Logos are the platform's, not a company's: one folder for all. */
const LOGOS_FOLDER = 'logos';

/**
 * The multipart form of POST /settings-whitelabel/logo: mode (Light, Dark, Favicon), typeArch and
 * file. typeArch named the folder in older clients; logos always go to the logos folder, so it is
 * accepted and not used: no path ever comes from the request.
 */
export async function readLogoUpload(req: FastifyRequest): Promise<{ mode: WhitelabelLogoMode; file: Buffer }> {
  const form = await readUpload(req, { maxBytes: WHITELABEL_LOGO_MAX_BYTES, fileFields: ['file'] });
  const { mode } = WhitelabelLogoFields.parse(form.fields);
  const file = form.files[0]?.data;
  if (!file || file.length === 0) throw new ZodError([{ code: 'custom', path: ['file'], message: 'validation.required', input: null }]);
  return { mode, file };
}

/** The stored extension, from the bytes: raster images by their magic numbers, SVG by its structure. */
export async function logoExtension(file: Buffer): Promise<string> {
  const type = await sniffFileType(file);
  const ext = (RASTER_TYPES as readonly string[]).find((t) => t === type?.ext);
  if (ext === 'ico') return ext;
  if (ext) {
    // Right magic bytes are not enough: the image must decode, or browsers show a broken logo.
    const ok = await (await loadSharp())(file, { limitInputPixels: 50_000_000 })
      .metadata()
      .then(
        () => true,
        () => false,
      );
    if (ok) return ext;
  } else if ((!type || type.ext === 'xml') && isSvgDocument(file)) {
    return 'svg';
  }
  throw new AppError('ERR_INVALID_FILE', 400);
}

export async function writeLogo(config: Config, file: Buffer, ext: string): Promise<string> {
  return (await mediaStorage(config).put(LOGOS_FOLDER, file, ext)).url;
}

/** Deletes a logo this module wrote; any other value (an empty or foreign path) maps to no file. */
export function removeLogo(config: Config, publicPath: string | null): Promise<void> {
  return mediaStorage(config).remove(publicPath, LOGOS_FOLDER);
}
