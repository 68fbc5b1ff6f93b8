/**
 * exceljs is loaded on the first import or export, not at start: it is ~25 MB of resident memory that
 * an idle server (and most requests) never needs.
 */
export async function loadExcelJs() {
  return (await import('exceljs')).default;
}
