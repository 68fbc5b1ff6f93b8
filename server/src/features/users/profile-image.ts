import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { loadSharp, sniffFileType } from '../../http/uploads';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';

const SIZE = 256;
/** Far above any real photo, far below what would exhaust memory when decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

/**
 * The multipart form of POST /users/:id/media-upload. The path's id is the user; the form's userId
 * is accepted for the existing client and must agree with it. typeArch names the folder in older
 * clients; the folder here is always the company's users folder.
 */
const UploadForm = z.object({
  userId: z.coerce.number({ message: 'validation.invalid' }).int().positive().optional(),
  typeArch: z.string().max(50).optional(),
  profileImage: z.instanceof(Buffer, { message: 'validation.required' }),
});

/** Reads the form with a 5 MB bound on the file; a larger file ends in 413 ERR_FILE_TOO_LARGE. */
export async function readProfileImageUpload(req: FastifyRequest, userId: number): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
  const form: Record<string, unknown> = {};
  for await (const part of req.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 3, fields: 10, fieldSize: 1000 } })) {
    if (part.type === 'field') form[part.fieldname] = part.value;
    else if (part.fieldname === 'profileImage' && !form.profileImage) form.profileImage = await part.toBuffer();
    else part.file.resume(); // another file field: drained and ignored
  }
  const parsed = UploadForm.parse(form);
  if (parsed.userId !== undefined && parsed.userId !== userId) {
    throw new z.ZodError([{ code: 'custom', path: ['userId'], message: 'validation.invalid', input: parsed.userId }]);
  }
  return parsed.profileImage;
}

/** Sniffs the real type from the bytes (never the name or the declared type) and makes a 256x256 WebP. */
export async function toProfileWebp(input: Buffer): Promise<Buffer> {
  const type = await sniffFileType(input);
  if (!type || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(type.mime)) throw new AppError('ERR_INVALID_FILE', 400);
  try {
    return await (await loadSharp())(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // honour the camera's EXIF orientation before cropping
      .resize(SIZE, SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('ERR_INVALID_FILE', 400); // right magic bytes, unreadable body
  }
}

const usersDir = (config: Config, companyId: number) => path.join(config.dataDir, 'public', `company${companyId}`, 'users');
const publicUrl = (companyId: number, file: string) => `/public/company${companyId}/users/${file}`;

/** Stores the image under a random name; the answer's url is what `profileImage` holds. */
export async function storeProfileImage(config: Config, companyId: number, webp: Buffer) {
  const dir = usersDir(config, companyId);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(dir, file), webp);
  return { url: publicUrl(companyId, file), remove: () => removeProfileImage(config, companyId, publicUrl(companyId, file)) };
}

/**
 * Deletes a stored profile image. Only a url this module wrote (the company's users folder and a
 * random name) maps to a path, so a value from anywhere else can never delete another file.
 */
export async function removeProfileImage(config: Config, companyId: number, url: string | null) {
  const prefix = publicUrl(companyId, '');
  if (!url?.startsWith(prefix)) return;
  const file = url.slice(prefix.length);
  if (!STORED_NAME.test(file)) return;
  await unlink(path.join(usersDir(config, companyId), file)).catch(() => {});
}
