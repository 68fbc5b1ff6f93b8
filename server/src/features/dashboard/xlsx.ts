import type { Writable } from 'node:stream';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A streaming workbook on `out` (exceljs, the library the contact import uses), loaded on first use:
 * it is ~25 MB of resident memory an idle server never needs. Rows are committed as they are added,
 * so memory stays flat however many there are.
 */
export async function streamingWorkbook(out: Writable) {
  const ExcelJS = (await import('exceljs')).default;
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
}
