// The uploads the hostile-uploads bench sends: hostile sheets (the xlsx bomb and its kin) and,
// for comparison, ordinary sheets at the row limit. Built in memory on every run, never committed.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(root, 'server/package.json'));
const { strToU8, unzipSync, zipSync } = serverRequire('fflate');
const ExcelJS = serverRequire('exceljs');

const MB = 1024 * 1024;
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

async function workbookWithSheet(sheetXml, extra = {}) {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Contatos').addRow(['nome', 'numero']);
  const parts = unzipSync(new Uint8Array(await book.xlsx.writeBuffer()));
  parts['xl/worksheets/sheet1.xml'] = sheetXml;
  return Buffer.from(zipSync({ ...parts, ...extra }, { level: 9 }));
}

/** One inline string of `chars` letters: the file held 300 MB in 293 KB. */
function inlineStringBomb(chars) {
  const head = strToU8(`${SHEET_START}<row r="1"><c r="A1" t="inlineStr"><is><t>`);
  const tail = strToU8(`</t></is></c></row>${SHEET_END}`);
  const xml = new Uint8Array(head.length + chars + tail.length);
  xml.set(head, 0);
  xml.fill(65, head.length, head.length + chars);
  xml.set(tail, head.length + chars);
  return workbookWithSheet(xml);
}

/** The same, with the zip's directory and local header claiming the sheet inflates to 1 KB. */
async function lyingBomb(chars) {
  const zip = await inlineStringBomb(chars);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (const [signature, nameAt, sizeAt] of [
    [0x04034b50, 30, 22],
    [0x02014b50, 46, 24],
  ]) {
    for (let at = zip.indexOf('PK'); at >= 0; at = zip.indexOf('PK', at + 1)) {
      if (zip.readUInt32LE(at) === signature && zip.subarray(at + nameAt, at + nameAt + name.length).equals(name))
        zip.writeUInt32LE(1024, at + sizeAt);
    }
  }
  return zip;
}

function manySheets(count) {
  const tiny = strToU8(`${SHEET_START}<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>${SHEET_END}`);
  const extra = {};
  for (let i = 2; i <= count + 1; i++) extra[`xl/worksheets/sheet${i}.xml`] = tiny;
  return workbookWithSheet(tiny, extra);
}

function sharedStringAmplifier(chars, cells) {
  const rows = [];
  for (let r = 1; r <= cells; r++) rows.push(`<row r="${r}"><c r="A${r}" t="s"><v>0</v></c></row>`);
  const strings = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>${'B'.repeat(chars)}</t></si></sst>`;
  return workbookWithSheet(strToU8(`${SHEET_START}${rows.join('')}${SHEET_END}`), { 'xl/sharedStrings.xml': strToU8(strings) });
}

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
    ['lying xlsx bomb', 'the same, its zip declaring 1 KB', 'mentira.xlsx', await lyingBomb(300 * MB)],
    ['many sheets', '5,000 one-cell sheets', 'muitas.xlsx', await manySheets(5_000)],
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
