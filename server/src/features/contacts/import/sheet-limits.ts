import { CONTACT_SHEET_LIMITS, type SheetLimit } from '@chatflow/contract';

export const READ_BUDGET_MS = 60_000;

/** A sheet past one of CONTACT_SHEET_LIMITS: thrown while reading, answered 413 ERR_SHEET_TOO_LARGE. */
export class SheetTooLarge extends Error {
  constructor(readonly limit: SheetLimit) {
    super(`the sheet is over its ${limit} limit`);
  }
}

/** A cell's text, refused as soon as it is longer than a cell may be (the readers check while they build it). */
export function checkCellLength(length: number): void {
  if (length > CONTACT_SHEET_LIMITS.cellChars) throw new SheetTooLarge('cellChars');
}

/**
 * The table of a sheet as its reader finds it, row by row. Each row is checked on arrival, so a reader
 * stops at the first row past a limit instead of holding the whole sheet first. Empty rows are dropped
 * (they never counted), cells are trimmed and empty cells past the last filled one are not kept.
 */
export class TableCollector {
  readonly rows: string[][] = [];
  private width = 0;
  private chars = 0;
  /**
   * A read's own time (from its start in the worker, not from its wait in the queue): an ordinary sheet at
   * the row limit stays well within it (bench/results/code-figures.md), so a read still going after
   * READ_BUDGET_MS is refused as too large.
   */
  private readonly deadline = Date.now() + READ_BUDGET_MS;

  add(cells: readonly string[]): void {
    if (Date.now() > this.deadline) throw new SheetTooLarge('readTime');
    const trimmed = cells.map((c) => c.trim());
    const filled = trimmed.findLastIndex((c) => c !== '') + 1;
    if (filled === 0) return;
    if (filled > CONTACT_SHEET_LIMITS.columns) throw new SheetTooLarge('columns');
    for (let i = 0; i < filled; i++) {
      checkCellLength(trimmed[i].length);
      this.chars += trimmed[i].length;
    }
    if (this.chars > CONTACT_SHEET_LIMITS.textChars) throw new SheetTooLarge('textChars');
    // The first row kept is the header: data rows are the ones after it.
    if (this.rows.length > CONTACT_SHEET_LIMITS.rows) throw new SheetTooLarge('rows');
    this.width = Math.max(this.width, filled);
    if ((this.rows.length + 1) * this.width > CONTACT_SHEET_LIMITS.cells) throw new SheetTooLarge('cells');
    this.rows.push(trimmed.slice(0, filled));
  }

  /** Whether a cell at this 0-based column would be past the widest a row may be. */
  static beyondColumns(column: number): boolean {
    return column >= CONTACT_SHEET_LIMITS.columns;
  }
}
