import { z } from 'zod';
import { coercedId, dbId, PageQuery } from './fields';

export const FILE_LISTS_PAGE_SIZE = 20;

const fileOption = z.object({
  /** Present for an option already saved; a new one has none. */
  id: z.preprocess((v) => (v === null || v === '' ? undefined : v), dbId().optional()),
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(100, { message: 'validation.tooLong' }),
  // Sent back by clients that echo the list; the stored file is only ever set by the upload route.
  path: z.unknown().optional(),
  mediaType: z.unknown().optional(),
});

/** File list dialog (spec 3 §5 File list): name min 3 ('nome muito curto') and required; message required. */
const fileListFields = {
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(3, { message: 'validation.nameTooShort', abort: true })
    .max(50, { message: 'validation.tooLong' }),
  message: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(5000, { message: 'validation.tooLong' }),
  options: z.array(fileOption).max(30, { message: 'validation.tooLong' }),
};

/** POST /files. `userId` is sent by existing clients; the owner is the caller. */
export const FileListInput = z.object({
  ...fileListFields,
  options: fileListFields.options.optional().default([]),
  userId: z.unknown().optional(),
});
export type FileListInput = z.input<typeof FileListInput>;
export type FileListData = z.output<typeof FileListInput>;

/** PUT /files/{id}: `options`, when sent, is the whole list (options left out are removed with their files). */
export const FileListUpdateInput = z.object(fileListFields).partial().extend({ userId: z.unknown().optional() });
export type FileListUpdateInput = z.input<typeof FileListUpdateInput>;
export type FileListChanges = z.output<typeof FileListUpdateInput>;

export const FileListQuery = PageQuery.extend({ companyId: z.unknown().optional() });

/** POST /files/uploadList/{id}, multipart: the file (`files`) of the option `fileId`; the other fields are sent by existing clients. */
export const FileUploadFields = z.object({ fileId: coercedId('validation.required') });
/** The multipart field carrying the file. */
export const FILE_LIST_FILE_FIELD = 'files';

/** Documents a file list may hold besides images, audio and video (by the file's real type). */
export const FILE_LIST_DOCUMENT_EXTENSIONS: readonly string[] = [
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'zip',
  'rar',
  '7z',
  'rtf',
  'epub',
];
/** Old Office files: one container format, told apart by their name only. */
export const FILE_LIST_LEGACY_OFFICE: readonly string[] = ['doc', 'xls', 'ppt'];
/** Plain-text files, accepted when their bytes are UTF-8 text. */
export const FILE_LIST_TEXT_EXTENSIONS: readonly string[] = ['txt', 'csv', 'json', 'vcf'];

/**
 * The browser's first look at a chosen file (its name and declared type), so a file the server would
 * refuse is caught before the list is saved. The server still decides from the bytes.
 */
export function looksLikeFileListFile(name: string, mime: string): boolean {
  if (/^(image|audio|video)\//.test(mime)) return mime !== 'image/svg+xml';
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return [FILE_LIST_DOCUMENT_EXTENSIONS, FILE_LIST_LEGACY_OFFICE, FILE_LIST_TEXT_EXTENSIONS].some((list) => list.includes(ext));
}
