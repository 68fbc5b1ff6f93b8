import { CONTACT_IMPORT_FILE_MAX_BYTES } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { readUpload, requireFile } from '../../../media';

/**
 * The spreadsheet of POST /contacts/upload (any file field; the web sends `file`). Read into memory
 * with a 20 MB bound; a larger file ends in 413 ERR_FILE_TOO_LARGE. Never stored on disk.
 */
export async function readSheetUpload(req: FastifyRequest): Promise<Buffer> {
  return requireFile(await readUpload(req, { maxBytes: CONTACT_IMPORT_FILE_MAX_BYTES })).data;
}
