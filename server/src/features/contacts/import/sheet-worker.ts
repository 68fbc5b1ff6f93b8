import { ContactSheetView, type SheetLimit } from '@chatflow/contract';
import { decodeText, parseCsv } from './csv';
import { SheetTooLarge, TableCollector } from './sheet-limits';
import { toSheet } from './sheet-table';
import { readXlsxTable } from './xlsx-table';

/**
 * What the main thread asks: the upload's bytes, how they sniffed (a zip is read as a workbook), and the
 * answer it wants: the sheet itself, or its JSON through the preview's view, ready to send (a sheet at the
 * cells limit costs the main thread far more to copy and serialize than its JSON does to copy:
 * bench/results/code-figures.md).
 */
export interface SheetTask {
  kind: 'workbook' | 'text';
  data: Uint8Array;
  answer: 'sheet' | 'json';
}

/** Plain data, because an error class does not survive the trip between threads. */
export type SheetTaskResult =
  | { sheet: ContactSheetView }
  | { json: string }
  | { refused: 'invalid' }
  | { refused: 'tooLarge'; limit: SheetLimit };

async function readTable({ kind, data }: SheetTask, table: TableCollector): Promise<boolean> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (kind === 'workbook') {
    await readXlsxTable(bytes, table);
    return true;
  }
  const text = decodeText(bytes);
  if (text === null) return false;
  parseCsv(text, table);
  return true;
}

/**
 * The sheet reader's worker (sheet-pool.ts runs it in a thread with a memory limit): reads a contact
 * sheet into the preview's header and rows, or says why not. Anything the readers throw that is not a
 * limit (a broken zip, malformed XML) means the file is not a sheet we can read.
 */
export default async function readSheet(task: SheetTask): Promise<SheetTaskResult> {
  const table = new TableCollector();
  try {
    if (!(await readTable(task, table))) return { refused: 'invalid' };
  } catch (err) {
    if (err instanceof SheetTooLarge) return { refused: 'tooLarge', limit: err.limit };
    return { refused: 'invalid' };
  }
  const sheet = toSheet(table.rows);
  if (!sheet) return { refused: 'invalid' };
  return task.answer === 'json' ? { json: JSON.stringify(ContactSheetView.parse(sheet)) } : { sheet };
}
