import { coercedId, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { companyFolder, loadSharp, mediaStorage, readUpload, sniffFileType } from '../../media';

const SIZE = 256;
/** Far above any real photo, far below what would exhaust memory when decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The multipart form of POST /users/:id/media-upload. The path's id is the user; the form's userId
 * is accepted for the existing client and must agree with it. typeArch names the folder in older
 * clients; the folder here is always the company's users folder.
 */
const UploadForm = z.object({
  userId: coercedId().optional(),
  typeArch: z.string().max(50).optional(),
  profileImage: z.instanceof(Buffer, { message: 'validation.required' }),
});

/** Reads the form with a 5 MB bound on the file; a larger file ends in 413 ERR_FILE_TOO_LARGE. */
export async function readProfileImageUpload(req: FastifyRequest, userId: number): Promise<Buffer> {
  const form = await readUpload(req, { maxBytes: PROFILE_IMAGE_MAX_BYTES, fileFields: ['profileImage'] });
  const parsed = UploadForm.parse({ ...form.fields, profileImage: form.files[0]?.data });
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

const usersFolder = (companyId: number) => companyFolder(companyId, 'users');

/** Stores the image under a random name; the answer's url is what `profileImage` holds. */
export async function storeProfileImage(config: Config, companyId: number, webp: Buffer) {
  const { url } = await mediaStorage(config).put(usersFolder(companyId), webp, 'webp');
  return { url, remove: () => removeProfileImage(config, companyId, url) };
}

/**
 * Deletes a stored profile image. Only a url this module wrote (the company's users folder and a
 * random name) maps to a file, so a value from anywhere else can never delete another file.
 */
export function removeProfileImage(config: Config, companyId: number, url: string | null): Promise<void> {
  return mediaStorage(config).remove(url, usersFolder(companyId));
}
