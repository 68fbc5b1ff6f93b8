import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import { TableCollector } from './sheet-limits';
import { storedZip } from './stored-zip';
import { readWorkbookParts } from './workbook-parts';

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

/** A row's cells as text by position (gaps are empty); a filled cell past the widest row allowed is kept, so the table refuses it. */
function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const text = cellText(cell.value);
    if (text !== '' || !TableCollector.beyondColumns(column - 1)) cells[column - 1] = text;
  });
  return Array.from(cells, (c) => c ?? '');
}

/**
 * The first worksheet with data of an xlsx workbook, read as a stream: rows reach `table` one at a
 * time and reading stops at the first row past a limit. The workbook is first taken apart with its
 * sizes checked (readWorkbookParts) and handed to exceljs's streaming reader as a stored zip, so
 * exceljs inflates nothing itself. Sheets are read in their file number order (sheet1.xml, sheet2.xml…).
 */
export async function readXlsxTable(buffer: Buffer, table: TableCollector): Promise<void> {
  const zip = storedZip(await readWorkbookParts(buffer));
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([zip]), {
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers styled as dates
    hyperlinks: 'ignore', // a link's cell holds its text
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) table.add(rowCells(row as ExcelJS.Row));
    if (table.rows.length > 0) return;
  }
}
