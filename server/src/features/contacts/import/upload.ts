import { CONTACT_IMPORT_FILE_MAX_BYTES } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../../../http/errors';

/**
 * The spreadsheet of POST /contacts/upload (any file field; the web sends `file`). Read into memory
 * with a 20 MB bound; a larger file ends in 413 ERR_FILE_TOO_LARGE. Never stored on disk.
 */
export async function readSheetUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
  let buffer: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: CONTACT_IMPORT_FILE_MAX_BYTES, files: 2, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file' && buffer === null) buffer = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE', 413);
    throw err;
  }
  if (buffer === null) throw new ZodError([{ code: 'custom', path: ['file'], message: 'validation.required', input: null }]);
  return buffer;
}
