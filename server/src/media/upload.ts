import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../http/errors';
import { withoutNul } from '../http/nul-characters';
import { displayName } from './display-name';

export interface UploadLimits {
  /** Bytes per file; a larger file ends the request with 413 ERR_FILE_TOO_LARGE and the limit in MB. */
  maxBytes: number;
  /** Files kept (default 1); more than `maxFiles` in the request is a validation error on the file field. */
  maxFiles?: number;
  /** The file fields read (default: any); files of other fields are drained and ignored. */
  fileFields?: readonly string[];
  maxFields?: number;
  maxFieldSize?: number;
}

export interface UploadedFile {
  field: string;
  /** The sender's name, safe for display only (see displayName). */
  fileName: string;
  /** The name exactly as sent, for features that clean it their own way. */
  sentName: string;
  data: Buffer;
}

export interface UploadForm {
  /** Each text field's last value. */
  fields: Record<string, string>;
  /** Each text field's every value, in order (a repeated field such as one caption per file). */
  values: Record<string, string[]>;
  files: UploadedFile[];
}

const validationError = (field: string, message: string) => new ZodError([{ code: 'custom', path: [field], message, input: null }]);

/**
 * Reads a multipart request into memory within its limits. The type is not decided here: each
 * feature sniffs the bytes against its own policy (content-type.ts) before anything is stored.
 */
export async function readUpload(req: FastifyRequest, limits: UploadLimits): Promise<UploadForm> {
  if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
  const maxFiles = limits.maxFiles ?? 1;
  const fileField = limits.fileFields?.[0] ?? 'file';
  const form: UploadForm = { fields: {}, values: {}, files: [] };
  const parts = req.parts({
    limits: { fileSize: limits.maxBytes, files: maxFiles + 2, fields: limits.maxFields ?? 10, fieldSize: limits.maxFieldSize ?? 1000 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = withoutNul(String(part.value));
        form.fields[part.fieldname] = value;
        form.values[part.fieldname] = [...(form.values[part.fieldname] ?? []), value];
      } else if (limits.fileFields && !limits.fileFields.includes(part.fieldname)) {
        part.file.resume(); // a file field this form does not have: drained and ignored
      } else if (form.files.length >= maxFiles) {
        part.file.resume();
        throw validationError(fileField, 'validation.tooLong');
      } else {
        const sentName = part.filename ?? '';
        form.files.push({ field: part.fieldname, fileName: displayName(sentName, 'file'), sentName, data: await part.toBuffer() });
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE', 413, { limitMb: limits.maxBytes / (1024 * 1024) });
    if (code === 'FST_FILES_LIMIT') throw validationError(fileField, 'validation.tooLong');
    throw err;
  }
  return form;
}

/** The form's first file, or a validation error naming the field. */
export function requireFile(form: UploadForm, field = 'file'): UploadedFile {
  const file = form.files[0];
  if (!file) throw validationError(field, 'validation.required');
  return file;
}
