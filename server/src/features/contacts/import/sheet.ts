import type { ContactSheetView } from '@chatflow/contract';
import { AppError } from '../../../http/errors';
import { sniffFileType } from '../../../media';
import { readSheetOffThread, SheetReadFailed } from './sheet-pool';
import type { SheetTask, SheetTaskResult } from './sheet-worker';

const invalidFile = () => new AppError('ERR_INVALID_FILE', 400);

async function taskOf(buffer: Buffer, answer: SheetTask['answer']): Promise<SheetTask> {
  if (buffer.length === 0) throw invalidFile();
  const type = await sniffFileType(buffer);
  if (type && type.ext !== 'xlsx' && type.ext !== 'zip') throw invalidFile();
  return { kind: type ? 'workbook' : 'text', data: buffer, answer };
}

/** Runs the read in the worker pool; a refusal becomes the caller's error. */
async function readInWorker(buffer: Buffer, answer: SheetTask['answer']) {
  const task = await taskOf(buffer, answer);
  let result: SheetTaskResult;
  try {
    result = await readSheetOffThread(task);
  } catch (err) {
    if (!(err instanceof SheetReadFailed)) throw err;
    if (err.why === 'busy') throw new AppError('ERR_SERVICE_UNAVAILABLE', 503);
    throw new AppError('ERR_SHEET_TOO_LARGE', 413, { limit: err.why });
  }
  if ('refused' in result) {
    if (result.refused === 'tooLarge') throw new AppError('ERR_SHEET_TOO_LARGE', 413, { limit: result.limit });
    throw invalidFile();
  }
  return result;
}

/**
 * Reads an uploaded contact sheet: an xlsx workbook (its first sheet with data) or a csv/txt table, in a
 * worker thread (sheet-pool.ts). The type comes from the bytes: a zip is read as a workbook, bytes
 * without a signature as text. Old binary .xls files (OLE containers) cannot be read by exceljs and get
 * 'Arquivo inválido!' like any other unreadable file; a ".xls" that is really a text table (a common
 * export) is read as text. A sheet past CONTACT_SHEET_LIMITS (or one the worker could not read within
 * its time and memory) is 413 ERR_SHEET_TOO_LARGE, `limit` saying which. Used by the contact-list import.
 */
export async function parseContactSheet(buffer: Buffer): Promise<ContactSheetView> {
  const result = await readInWorker(buffer, 'sheet');
  if (!('sheet' in result)) throw new Error('the sheet worker answered JSON for a sheet');
  return result.sheet;
}

/** POST /contacts/upload: the same read, answered as the preview's JSON made in the worker (see SheetTask). */
export async function contactSheetJson(buffer: Buffer): Promise<string> {
  const result = await readInWorker(buffer, 'json');
  if (!('json' in result)) throw new Error('the sheet worker answered a sheet for JSON');
  return result.json;
}
