// The uploads the hostile-uploads bench sends: hostile sheets (the xlsx bomb and its kin, built by the
// server tests' helpers) and, for comparison, ordinary sheets at the limits. Built in memory on every run.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(root, 'server/package.json'));
const ExcelJS = serverRequire('exceljs');
register();
const { inlineStringBomb, lyingInlineStringBomb, manySheetsZip, sharedStringAmplifier } = await import(
  path.join(root, 'server/src/features/contacts/testing.ts')
);

const MB = 1024 * 1024;

function contactRows(count, extraColumns = 0) {
  const extra = Array.from({ length: extraColumns }, (_, c) => `campo${c + 1}`);
  const rows = [['nome', 'numero', 'email', ...extra]];
  for (let i = 0; i < count; i++)
    rows.push([`Pessoa ${i}`, `55119${String(i).padStart(8, '0')}`, `p${i}@example.com`, ...extra.map((_, c) => `v${c}-${i}`)]);
  return rows;
}
const csvOf = (rows) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));

async function ordinaryXlsx(count) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  for (const row of contactRows(count)) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** [name, what it is, filename, bytes], hostile first. */
export async function benchFiles() {
  return [
    ['xlsx bomb', "one inline string of 300 MB (the issue's file)", 'bomba.xlsx', await inlineStringBomb(300 * MB)],
    ['lying xlsx bomb', 'the same, its zip declaring 1 KB', 'mentira.xlsx', await lyingInlineStringBomb(300 * MB)],
    ['many sheets', '5,000 one-cell sheets', 'muitas.xlsx', await manySheetsZip(5_000)],
    ['shared-string amplifier', 'a 10,000-char shared string in 20,000 cells', 'eco.xlsx', await sharedStringAmplifier(10_000, 20_000)],
    [
      'csv 50 MB field',
      'one quoted field of 50 MB',
      'campo.csv',
      Buffer.concat([Buffer.from('nome,numero\n"'), Buffer.alloc(50 * MB, 'x'), Buffer.from('",1\n')]),
    ],
    [
      'csv 19 MB field',
      'one field of 19 MB (under the file limit)',
      'campo19.csv',
      Buffer.concat([Buffer.from('nome,numero\n'), Buffer.alloc(19 * MB, 'x'), Buffer.from(',1\n')]),
    ],
    ['csv 1M lines', '1,050,000 short lines (19 MB)', 'linhas.csv', Buffer.from(`nome,numero\n${'Ana,5511999990001\n'.repeat(1_050_000)}`)],
    [
      'csv 20M separators',
      'one line of 19 MB of commas',
      'virgulas.csv',
      Buffer.concat([Buffer.from('nome,numero\n'), Buffer.alloc(19 * MB, ',')]),
    ],
    ['ordinary xlsx, 50,000 rows', 'name, number, email (at the row limit)', 'contatos.xlsx', await ordinaryXlsx(50_000)],
    ['ordinary csv, 50,000 rows', 'name, number, email (at the row limit)', 'contatos.csv', csvOf(contactRows(50_000))],
    ['ordinary csv, 50,000 rows × 20 columns', 'the cells limit (1,000,000 cells)', 'largo.csv', csvOf(contactRows(49_999, 17))],
  ];
}
