import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Hostile contact sheets for the tests (and bench/hostile-uploads), built here rather than committed as
 * binaries: each is what a careless or malicious upload looks like, small on the wire.
 */

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** A real workbook (exceljs's) whose first sheet's XML is replaced: every other part stays valid. */
async function workbookWithSheet(sheetXml: Uint8Array, extra: Record<string, Uint8Array> = {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Contatos').addRow(['nome', 'numero']);
  const parts: Record<string, Uint8Array> = { ...unzipSync(new Uint8Array(await book.xlsx.writeBuffer())) };
  parts['xl/worksheets/sheet1.xml'] = sheetXml;
  return Buffer.from(zipSync({ ...parts, ...extra }, { level: 9 }));
}

/**
 * One cell holding an inline string of `chars` letters: a few kilobytes that inflate to `chars` bytes
 * (300 MB fit in 313 KB, the file). The XML is written as bytes, never as one huge string.
 */
export function inlineStringBomb(chars: number): Promise<Buffer> {
  const head = strToU8(`${SHEET_START}<row r="1"><c r="A1" t="inlineStr"><is><t>`);
  const tail = strToU8(`</t></is></c></row>${SHEET_END}`);
  const xml = new Uint8Array(head.length + chars + tail.length);
  xml.set(head, 0);
  xml.fill(0x41, head.length, head.length + chars);
  xml.set(tail, head.length + chars);
  return workbookWithSheet(xml);
}

/**
 * The same bomb with a zip that lies: its directory and local header say the sheet inflates to
 * `claimedBytes`, so a check of the directory alone would let it through.
 */
export async function lyingInlineStringBomb(chars: number, claimedBytes = 1024): Promise<Buffer> {
  const zip = await inlineStringBomb(chars);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (const [signature, nameAt, sizeAt] of [
    [0x04034b50, 30, 22],
    [0x02014b50, 46, 24],
  ] as const) {
    for (let at = zip.indexOf(Buffer.from([0x50, 0x4b])); at >= 0; at = zip.indexOf(Buffer.from([0x50, 0x4b]), at + 1)) {
      if (zip.readUInt32LE(at) === signature && zip.subarray(at + nameAt, at + nameAt + name.length).equals(name)) {
        zip.writeUInt32LE(claimedBytes, at + sizeAt);
      }
    }
  }
  return zip;
}

/** A workbook with `count` small extra sheets: many entries, each harmless. */
export function manySheetsZip(count: number): Promise<Buffer> {
  const tiny = strToU8(`${SHEET_START}<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>${SHEET_END}`);
  const extra: Record<string, Uint8Array> = {};
  for (let i = 2; i <= count + 1; i++) extra[`xl/worksheets/sheet${i}.xml`] = tiny;
  return workbookWithSheet(tiny, extra);
}

/**
 * One shared string of `chars` letters referenced by `cells` cells: a small file whose table, once every
 * reference is resolved, holds cells × chars characters.
 */
export function sharedStringAmplifier(chars: number, cells: number): Promise<Buffer> {
  const rows: string[] = [];
  for (let r = 1; r <= cells; r++) rows.push(`<row r="${r}"><c r="A${r}" t="s"><v>0</v></c></row>`);
  const strings =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>${'B'.repeat(chars)}</t></si></sst>`;
  return workbookWithSheet(strToU8(`${SHEET_START}${rows.join('')}${SHEET_END}`), { 'xl/sharedStrings.xml': strToU8(strings) });
}
