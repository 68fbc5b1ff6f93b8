import type { ContactSheetView } from '@chatflow/contract';

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

/**
 * The sheet the page previews from a table's non-empty, trimmed rows (TableCollector's): the first row
 * is the header and every row gets the header's width. Null for a table with no row at all.
 */
export function toSheet(rows: string[][]): ContactSheetView | null {
  if (rows.length === 0) return null;
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const [head, ...body] = rows;
  return {
    columns: headerOf(head, width),
    rows: body.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
  };
}
