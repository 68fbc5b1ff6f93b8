import type { ContactImportRowsInput, ContactSheetView } from '@chatflow/contract';

/** The contact fields a spreadsheet column can be mapped to (spec 2 §5 "Contact import"). */
export const IMPORT_FIELDS = ['name', 'number', 'email'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Which column feeds each field; '' means not mapped. */
export type Mapping = Record<ImportField, string>;
export const EMPTY_MAPPING: Mapping = { name: '', number: '', email: '' };

/** A parsed sheet (POST /contacts/upload): the header row and the data rows as text cells. */
export type Sheet = ContactSheetView;

/** An i18n key plus its values. */
export interface MappingProblem {
  key: string;
  values?: Record<string, string>;
}

/** Guesses the mapping from the header names, so the usual "nome/número/email" sheet needs no clicks. */
export function guessMapping(columns: string[]): Mapping {
  const find = (re: RegExp) =>
    columns.find((c) =>
      re.test(
        c
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ),
    ) ?? '';
  return {
    name: find(/^(nome|name|nombre)$/),
    number: find(/^(numero|number|telefone|phone|celular|whatsapp)$/),
    email: find(/^e-?mail$/),
  };
}

/** 'O campo X já foi selecionado.': a column may feed one field only. */
export function duplicateProblem(mapping: Mapping, field: ImportField, column: string): MappingProblem | null {
  if (!column) return null;
  const taken = IMPORT_FIELDS.some((f) => f !== field && mapping[f] === column);
  return taken ? { key: 'contacts.import.errors.columnTaken', values: { column } } : null;
}

/** What stops an import: the number mapping, the name mapping, at least one selected row. */
export function importProblem(mapping: Mapping, selectedCount: number): MappingProblem | null {
  if (!mapping.number) return { key: 'contacts.import.errors.numberNotMapped' };
  if (!mapping.name) return { key: 'contacts.import.errors.nameNotMapped' };
  if (selectedCount === 0) return { key: 'contacts.import.errors.noneSelected' };
  return null;
}

/**
 * POST /contacts/import/rows: the selected rows in sheet order, with the mapping by column name (the
 * server reads the cells through `columns`). An unmapped e-mail is left out.
 */
export function toImportRequest(sheet: Sheet, mapping: Mapping, selected: ReadonlySet<number>): ContactImportRowsInput {
  return {
    mapping: { name: mapping.name, number: mapping.number, ...(mapping.email ? { email: mapping.email } : {}) },
    columns: sheet.columns,
    rows: sheet.rows.filter((_, i) => selected.has(i)),
  };
}
