import { ContactImportRowInput, type ContactImportRowsInput, ContactInput } from '@chatflow/contract';
import type { z } from 'zod';

export type ImportRow = z.output<typeof ContactImportRowInput>;
export type MappedSelection = z.output<typeof ContactImportRowsInput>;
type Ref = MappedSelection['mapping']['name'];

/** The cell of one mapped field in a row, whether rows are arrays (with a header) or objects. */
function pick(row: MappedSelection['rows'][number], ref: Ref | undefined, columns: string[] | undefined): string {
  if (ref === undefined) return '';
  if (Array.isArray(row)) return row[typeof ref === 'number' ? ref : (columns ?? []).indexOf(ref)] ?? '';
  const key = typeof ref === 'number' ? columns?.[ref] : ref;
  return key === undefined ? '' : (row[key] ?? '');
}

/** The selected rows as contacts to import, in order, through the column mapping. */
export function mappedRows(input: MappedSelection): ImportRow[] {
  const { mapping, columns, rows } = input;
  return rows.map((row) =>
    ContactImportRowInput.parse({
      name: pick(row, mapping.name, columns),
      number: pick(row, mapping.number, columns),
      email: pick(row, mapping.email, columns),
    }),
  );
}

/** A row as the contact form would take it (the same rules as POST /contacts), or why it cannot be imported. */
export function validateImportRow(row: ImportRow) {
  return ContactInput.safeParse({ name: row.name, number: row.number, email: row.email });
}
