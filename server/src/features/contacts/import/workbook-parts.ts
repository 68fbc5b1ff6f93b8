import { CONTACT_SHEET_LIMITS } from '@chatflow/contract';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { SheetTooLarge } from './sheet-limits';

/** The parts of a workbook the sheet reader needs, in the order it needs them (see readWorkbookParts). */
const PART_ORDER = [/^xl\/_rels\/workbook\.xml\.rels$/, /^xl\/workbook\.xml$/, /^xl\/sharedStrings\.xml$/, /^xl\/styles\.xml$/];
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

function rank(name: string): number | null {
  const i = PART_ORDER.findIndex((re) => re.test(name));
  if (i >= 0) return i;
  const sheet = WORKSHEET.exec(name);
  return sheet ? PART_ORDER.length + Number(sheet[1]) : null;
}

async function inflated(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The workbook's parts, read from its zip without trusting it. The zip's central directory is read
 * first, entry by entry, and the upload refused (before any byte is inflated) when it declares more
 * entries than a workbook has or more inflated bytes than CONTACT_SHEET_LIMITS allow, in one entry or
 * in all. Then only the parts the reader needs are inflated, and yauzl's size check stops an entry
 * the moment it inflates past what the directory declared: a lying directory cannot inflate more
 * either. Answers [name, bytes] with the workbook's relations, its sheet list, shared strings and
 * styles before the worksheets (in sheet number order), so a streaming reader never has to put a sheet
 * aside while it waits for the strings. A file that is not a readable zip is an Error (invalid file).
 */
export async function readWorkbookParts(buffer: Buffer): Promise<[string, Buffer][]> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true });
  if (zip.entryCount > CONTACT_SHEET_LIMITS.zipEntries) throw new SheetTooLarge('zipEntries');
  const wanted: { entry: yauzl.Entry; rank: number }[] = [];
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    declared += entry.uncompressedSize;
    if (declared > CONTACT_SHEET_LIMITS.uncompressedBytes) throw new SheetTooLarge('uncompressedBytes');
    const order = rank(entry.fileName);
    if (order !== null) wanted.push({ entry, rank: order });
  }
  wanted.sort((a, b) => a.rank - b.rank);
  const parts: [string, Buffer][] = [];
  for (const { entry } of wanted) parts.push([entry.fileName, await inflated(await zip.openReadStreamPromise(entry))]);
  return parts;
}
