import { z } from 'zod';
import { coercedId } from './fields';

/** Spreadsheets up to 20 MB and 50,000 rows: far above a real contact sheet, bounded for memory. */
export const CONTACT_IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 50_000;

/**
 * What the server reads of an uploaded contact sheet (contacts import, contact-list items), past the
 * file's own 20 MB: a workbook is a zip, and a few kilobytes can inflate to gigabytes. The zip's
 * directory is checked before anything is inflated; rows, columns and cells as they are read. A sheet
 * over any of them is 413 ERR_SHEET_TOO_LARGE with `limit` naming which (`readTime` and `memory` are the
 * reader's last guards: a sheet it could not read within them).
 */
export const CONTACT_SHEET_LIMITS = {
  /** The sum of the workbook's entries once inflated, as its zip directory declares them (and as inflated). */
  uncompressedBytes: 50 * 1024 * 1024,
  zipEntries: 500,
  /** Data rows (the header row is not counted); empty rows are not counted. */
  rows: CONTACT_IMPORT_MAX_ROWS,
  /** The last non-empty cell of a row; empty cells further right are ignored. */
  columns: 200,
  cellChars: 10_000,
  /** Rows times the widest row: what the answer holds. */
  cells: 1_000_000,
  /** The text of every cell together. */
  textChars: 20_000_000,
} as const;
export const SHEET_LIMIT_NAMES = [
  ...(Object.keys(CONTACT_SHEET_LIMITS) as (keyof typeof CONTACT_SHEET_LIMITS)[]),
  'readTime',
  'memory',
] as const;
export type SheetLimit = (typeof SHEET_LIMIT_NAMES)[number];
/** Spec 2 §9: the progress message moves every 5 contacts. */
export const CONTACT_IMPORT_PROGRESS_STEP = 5;

/** Cells arrive as text, numbers (a phone column typed as number) or empty. */
const cell = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
  .pipe(z.string().max(1000, { message: 'validation.tooLong' }));

/**
 * POST /contactsImport: one row of the import page. Deliberately lenient in shape: a row missing
 * its name or number, a bad value or a duplicate is answered as ignored (spec 2 §5), not as an error.
 */
export const ContactImportRowInput = z.object({ name: cell, number: cell, email: cell });
export type ContactImportRowInput = z.input<typeof ContactImportRowInput>;

/** A mapped column: its index in each row, or its header name. '' means "not mapped". */
const ref = z.union([z.number().int().min(0).max(999), z.string().trim().min(1).max(200)], { message: 'validation.required' });
const unmapped = (v: unknown) => (v === '' || v === null ? undefined : v);
const columnRef = z.preprocess(unmapped, ref);
const optionalColumnRef = z.preprocess(unmapped, ref.optional());

const row = z.union([z.array(cell).max(1000), z.record(z.string().max(200), cell)], { message: 'validation.invalid' });

/**
 * POST /contacts/import/rows: the whole selection at once, imported by a job. Rows may be arrays
 * (as /contacts/upload answers them, with `columns` naming their cells) or objects keyed by header.
 */
export const ContactImportRowsInput = z
  .object({
    mapping: z.object({ name: columnRef, number: columnRef, email: optionalColumnRef }),
    columns: z.array(z.string().max(200)).max(1000).optional(),
    rows: z.array(row).min(1, { message: 'validation.required' }).max(CONTACT_IMPORT_MAX_ROWS, { message: 'validation.tooLong' }),
  })
  .superRefine((input, ctx) => {
    const fields = ['name', 'number', 'email'] as const;
    const seen = new Map<string, string>();
    for (const field of fields) {
      const ref = input.mapping[field];
      if (ref === undefined) continue;
      const key = typeof ref === 'number' ? `#${ref}` : ref;
      // A column feeds one field only ('O campo X já foi selecionado.').
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['mapping', field], message: 'validation.invalid' });
      seen.set(key, field);
      const named = typeof ref === 'string';
      if (named && input.rows.some(Array.isArray) && !input.columns?.includes(ref)) {
        ctx.addIssue({ code: 'custom', path: ['mapping', field], message: 'validation.invalid' });
      }
    }
  });
export type ContactImportRowsInput = z.input<typeof ContactImportRowsInput>;

/**
 * POST /contacts/import (the phone's address book) and /contacts/import/chats (the people the phone
 * has chats with): the WhatsApp Web connection whose phone they come from.
 */
export const ContactPhoneImportInput = z.object({ whatsappId: coercedId('validation.invalid', 'validation.required') });
export type ContactPhoneImportInput = z.infer<typeof ContactPhoneImportInput>;
/** How many contacts the import created, and how many of the phone's people the company had already. */
export const ContactPhoneImportResult = z.object({ created: z.number().int(), existing: z.number().int() });
export type ContactPhoneImportResult = z.infer<typeof ContactPhoneImportResult>;
