/**
 * CSV/TXT contact sheets as spreadsheet programs write them: comma, semicolon (Excel in Brazil) or
 * tab separated, quoted fields with doubled quotes, CRLF or LF, UTF-8 with or without BOM, or
 * Windows-1252 when the bytes are not UTF-8. Cells stay text, so "+55 011…" keeps its zeros.
 */
import { checkCellLength, TableCollector } from './sheet-limits';

const DELIMITERS = [',', ';', '\t'] as const;

/** The bytes as text, or null when they are binary (a NUL byte) rather than a table. */
export function decodeText(buffer: Buffer): string | null {
  if (buffer.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('windows-1252').decode(buffer);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The separator used most on the first line, outside quotes; comma when none appears. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const [d, n] of counts) {
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/**
 * RFC 4180 parsing, each row handed to `table` as soon as it ends (which refuses a sheet past its limits);
 * a trailing line break does not make an empty row. A cell is refused the moment it grows past a cell's
 * length, and cells past the widest row a sheet may have are dropped while empty (a filled one there is
 * refused by the table), so a single 20 MB field or a line of millions of separators stops early.
 */
export function parseCsv(text: string, table: TableCollector, delimiter = detectDelimiter(text)): void {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    if (!TableCollector.beyondColumns(row.length) || cell.trim() !== '') row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
      checkCellLength(cell.length);
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else if (ch === delimiter) {
      endCell();
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endCell();
      table.add(row);
      row = [];
    } else {
      cell += ch;
      checkCellLength(cell.length);
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    table.add(row);
  }
}
