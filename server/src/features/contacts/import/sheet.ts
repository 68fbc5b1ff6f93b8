import { CONTACT_IMPORT_MAX_ROWS, type ContactSheetView } from '@chatflow/contract';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import { ZodError } from 'zod';
import { AppError } from '../../../http/errors';
import { sniffFileType } from '../../../media';
import { decodeText, parseCsv } from './csv';

const invalidFile = () => new AppError('ERR_INVALID_FILE', 400);

/** Spreadsheet column letters (A, B, … Z, AA, …) name columns whose header cell is empty. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Text of an xlsx cell whatever it holds: rich text, a formula's result, a link's text, a date. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('text' in value) return cellText((value as ExcelJS.CellHyperlinkValue).text as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

async function xlsxTable(buffer: Buffer): Promise<string[][]> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw invalidFile();
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    table.push(cells);
  });
  return table;
}

/** The header made usable for mapping: every column named, no name twice. */
function headerOf(cells: string[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = (cells[i] ?? '').trim() || columnLetter(i);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** The first non-empty row is the header; empty rows are dropped; every row has the header's width. */
export function toSheet(table: string[][]): ContactSheetView {
  const rows = table.map((r) => r.map((c) => c.trim())).filter((r) => r.some((c) => c !== ''));
  if (rows.length === 0) throw invalidFile();
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const [head, ...body] = rows;
  if (body.length > CONTACT_IMPORT_MAX_ROWS) {
    throw new ZodError([{ code: 'custom', path: ['file'], message: 'validation.tooLong', input: null }]);
  }
  return {
    columns: headerOf(head, width),
    rows: body.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
  };
}

/**
 * POST /contacts/upload: reads an xlsx workbook (its first sheet with data) or a csv/txt table. The
 * type comes from the bytes: a zip is read as a workbook, bytes without a signature as text. Old
 * binary .xls files (OLE containers) cannot be read by exceljs and get 'Arquivo inválido!' like any
 * other unreadable file; a ".xls" that is really a text table (a common export) is read as text.
 */
export async function parseContactSheet(buffer: Buffer): Promise<ContactSheetView> {
  if (buffer.length === 0) throw invalidFile();
  const type = await sniffFileType(buffer);
  if (type) {
    if (type.ext !== 'xlsx' && type.ext !== 'zip') throw invalidFile();
    return toSheet(await xlsxTable(buffer));
  }
  const text = decodeText(buffer);
  if (text === null) throw invalidFile();
  return toSheet(parseCsv(text));
}
