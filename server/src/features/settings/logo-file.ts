import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WHITELABEL_LOGO_MAX_BYTES, WhitelabelLogoFields, type WhitelabelLogoMode } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { loadSharp, sniffFileType } from '../../http/uploads';
import { ZodError } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { isSvgDocument } from './svg';

const RASTER_TYPES = ['png', 'jpg', 'webp', 'ico'] as const;
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|ico|svg)$/;
const PUBLIC_PREFIX = '/public/logos/';

/**
 * The multipart form of POST /settings-whitelabel/logo: mode (Light, Dark, Favicon), typeArch and
 * file. typeArch named the folder in older clients; logos always go to the logos folder, so it is
 * accepted and not used: no path ever comes from the request.
 */
export async function readLogoUpload(req: FastifyRequest): Promise<{ mode: WhitelabelLogoMode; file: Buffer }> {
  if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
  const form: Record<string, unknown> = {};
  let file: Buffer | null = null;
  for await (const part of req.parts({ limits: { fileSize: WHITELABEL_LOGO_MAX_BYTES, files: 3, fields: 10, fieldSize: 1000 } })) {
    if (part.type === 'field') form[part.fieldname] = part.value;
    else if (part.fieldname === 'file' && !file) file = await part.toBuffer();
    else part.file.resume(); // another file field: drained and ignored
  }
  const { mode } = WhitelabelLogoFields.parse(form);
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

const logosDir = (config: Config) => path.join(config.dataDir, 'public', 'logos');

export async function writeLogo(config: Config, file: Buffer, ext: string): Promise<string> {
  await mkdir(logosDir(config), { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeFile(path.join(logosDir(config), name), file);
  return `${PUBLIC_PREFIX}${name}`;
}

/** Deletes a logo this module wrote; any other value (an empty or foreign path) maps to no file. */
export async function removeLogo(config: Config, publicPath: string | null) {
  if (!publicPath?.startsWith(PUBLIC_PREFIX)) return;
  const name = publicPath.slice(PUBLIC_PREFIX.length);
  if (!STORED_NAME.test(name)) return;
  await unlink(path.join(logosDir(config), name)).catch(() => {});
}
